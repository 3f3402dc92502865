/**
 * What each car earns (docs/decisions/120): per car its rented days, utilisation, revenue, costs and
 * the difference over a range of days. Reads the bookings, their folios, the service blocks and the
 * cars' costs; writes nothing. app.ts registers its routes; the dashboard reads a month's rented days
 * from the same kept figures.
 */
export { rentedCarDaysInMonth } from './monthRented';
export { default as fleetReportRoutes } from './routes';
