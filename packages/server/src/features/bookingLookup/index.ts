/** Finding a booking without an account password: the look-up, and the one-time link that signs in to that booking alone. Its face: app.ts registers its routes. */
export { default as bookingLookupRoutes } from './routes';
