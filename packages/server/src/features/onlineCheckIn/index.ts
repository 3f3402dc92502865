/**
 * Online check-in (issue 33, decision 124): the customer's steps before pickup, the e-mailed code,
 * and the agreement signed on the phone, sealed with its signing certificate (features/agreements).
 * Its face: app.ts registers the routes.
 */
export { default as onlineCheckInRoutes } from './routes';
export { forgetOnlineSigning } from './erasure';
