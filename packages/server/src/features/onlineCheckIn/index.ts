/**
 * Online check-in (issue 33, decision 124): the customer's steps before pickup, the e-mailed code,
 * and the agreement signed on the phone. Its face: app.ts registers the routes; `seal` is where the
 * sealed agreement (with its signing certificate) plugs in.
 */
export { default as onlineCheckInRoutes, type OnlineCheckInOptions } from './routes';
export { keepAsDrawn, type Seal, type SealFacts } from './seal';
