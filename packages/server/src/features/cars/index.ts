/** The fleet: cars, their details and pictures, and which are free on given days. Its face: other features use it through these alone, never through its files. */
export { addCar, deleteCar, parseCarData, toggleCarAvailability, updateCar } from './fleet';
export { availableCars, findCar, findCarRow, listFleet } from './service';
export { raiseOdometer } from './odometer';
