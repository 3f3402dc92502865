/**
 * A car's papers: registration, certificate of fitness, insurance (docs/decisions/116). Its face:
 * other features use it through these alone. It imports only the images feature (an upload's
 * reading): the counter, the desk, the timeline, the dashboard and Manage Cars read it.
 */
export { default as carPaperRoutes, type CarPaperRoutesOptions } from './routes';
export { paperDueAmong, paperDueColumn, refuseExpiredPaper, toPaperAlert } from './checks';
export { currentPapersByCar, expiredPapersByCar, papersDue } from './papers';
export { sweepPaperAlerts } from './alerts';
