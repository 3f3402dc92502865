/** Bank statements matched to bookings. Its face: nothing else imports its files; app.ts registers its routes, an account's erasure blots its words out of the lines. */
export { default as statementRoutes } from './routes';
export { eraseWordsFromStatements } from './erasure';
