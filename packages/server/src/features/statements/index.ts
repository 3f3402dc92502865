/** Bank statements matched to bookings. Its face: nothing else imports its files; app.ts registers its routes. */
export { default as statementRoutes } from './routes';
