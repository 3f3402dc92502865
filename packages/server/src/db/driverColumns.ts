/**
 * The driver_details columns a Driver is read from. In db, not in a feature: the drivers feature reads
 * a customer's details with them and the bookings feature checks the drivers of a booking with them.
 */
import { driverDetails } from './schema';

export const driverColumns = {
  licenceNumber: driverDetails.licenceNumber,
  licenceCountry: driverDetails.licenceCountry,
  licenceIssued: driverDetails.licenceIssued,
  licenceExpires: driverDetails.licenceExpires,
  dateOfBirth: driverDetails.dateOfBirth,
  updatedAt: driverDetails.updatedAt,
};
