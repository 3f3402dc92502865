/**
 * What each car earns (docs/decisions/120): per car its rented days, utilisation, revenue, costs and
 * the difference over a range of days. Reads the bookings, their folios, the service blocks and the
 * cars' costs; writes nothing. No other feature needs it: app.ts registers its routes.
 */
export { default as fleetReportRoutes } from './routes';
