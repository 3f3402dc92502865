/** Tolls and tickets after the return: staff add them with a scan, the customer and staff read them. Its face: app.ts registers its routes. */
export { default as lateChargeRoutes } from './routes';
