/** The API's paths by name (SPEC section 7), read from the endpoint table's routes. */
import { ROUTES, pathFor } from './routes';

export const API = {
  register: ROUTES.register.path,
  login: ROUTES.login.path,
  userData: ROUTES.userData.path,
  cars: ROUTES.cars.path,
  car: (id: string) => pathFor('car', { id }),
  checkAvailability: ROUTES.checkAvailability.path,
  createBooking: ROUTES.createBooking.path,
  userBookings: ROUTES.userBookings.path,
  ownerBookings: ROUTES.ownerBookings.path,
  changeStatus: ROUTES.changeStatus.path,
  company: ROUTES.company.path,
  updateCompany: ROUTES.updateCompany.path,
  publicBankDetails: ROUTES.publicBankDetails.path,
  updateImage: ROUTES.updateImage.path,
  dashboard: ROUTES.dashboard.path,
  ownerCar: (id: string) => pathFor('ownerCar', { id }),
  addCar: ROUTES.addCar.path,
  updateCar: (id: string) => pathFor('updateCar', { id }),
  ownerCars: ROUTES.ownerCars.path,
  toggleCar: ROUTES.toggleCar.path,
  deleteCar: ROUTES.deleteCar.path,
  bankDetails: ROUTES.bankDetails.path,
  openApi: ROUTES.openApi.path,
} as const;
