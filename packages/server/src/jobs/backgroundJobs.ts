/**
 * The background jobs, each a named Fastify plugin that starts one sweep (jobs/sweeper.ts): one round
 * when the app is ready, then every few seconds or minutes until it closes. app.ts registers them
 * from one list. They are app-level, not a feature's: the hold sweep crosses two features (payments'
 * card attempts, then bookings' holds), and a job started from inside a route plugin hid it there.
 * Each is safe with several instances on one PostgreSQL: every effect happens once (row locks, or a
 * key taken in the same transaction; see each sweep's file).
 */
import type { FastifyPluginAsync } from 'fastify';
import { startDeadRowsSweep } from '../db/pglite/deadRows';
import { startStatisticsSweep } from '../db/pglite/statistics';
import { expireHolds } from '../features/bookings';
import { sweepPaperAlerts } from '../features/carPapers';
import { sweepCounter } from '../features/counter';
import { expireOpenAttempts } from '../features/payments';
import { sweepReminders } from '../features/reminders';
import { startSweeper } from './sweeper';

/**
 * Every 30 s (a hold ends at most that late): card attempts past their 30 minutes first, so their
 * bookings' holds may then end in the same round; then the holds not confirmed in time.
 */
export const holdSweepJob: FastifyPluginAsync = async (app) => {
  startSweeper(app, {
    name: 'hold sweep',
    everyMs: 30_000,
    round: async () => {
      const attempts = await expireOpenAttempts(app.db);
      if (attempts.length > 0) app.log.warn({ attempts }, `${attempts.length} card payments never came back; staff can look them up`);
      const expired = await expireHolds(app.db, app.events);
      if (expired.length > 0) app.log.info({ bookings: expired.map((hold) => hold.reference) }, `${expired.length} unconfirmed holds expired`);
    },
  });
};

/** Every minute (an alert is at most that late): staff's overdue alerts and the customers' return reminders. */
export const overdueJob: FastifyPluginAsync = async (app) => {
  startSweeper(app, {
    name: 'counter sweep',
    everyMs: 60_000,
    round: async () => {
      const { overdue, reminded } = await sweepCounter(app.db, app.events);
      if (overdue.length > 0) app.log.warn({ bookings: overdue }, `${overdue.length} cars overdue; staff are alerted`);
      if (reminded.length > 0) app.log.info({ bookings: reminded }, `${reminded.length} customers reminded of tomorrow's return`);
    },
  });
};

/** Every five minutes (a reminder is at most that late): the reminders, letters of the outbox written by the clock. */
export const reminderJob: FastifyPluginAsync = async (app) => {
  startSweeper(app, {
    name: 'reminder sweep',
    everyMs: 5 * 60_000,
    round: async () => {
      const { pickup, holdEnding, staffDay } = await sweepReminders(app.db, app.events);
      if (pickup.length > 0) app.log.info({ bookings: pickup }, `${pickup.length} customers told what to bring tomorrow`);
      if (holdEnding.length > 0) app.log.info({ bookings: holdEnding }, `${holdEnding.length} customers reminded to pay their deposit`);
      if (staffDay) app.log.info({ day: staffDay }, "staff's list of the day's pickups and returns is written");
    },
  });
};

/** Every hour (an alert comes at most that late, days ahead): staff's alerts 30, 14 and 3 days before a car's paper expires. */
export const carPaperAlertJob: FastifyPluginAsync = async (app) => {
  startSweeper(app, {
    name: 'car paper alerts',
    everyMs: 60 * 60_000,
    round: async () => {
      const alerted = await sweepPaperAlerts(app.db, app.events);
      if (alerted.length > 0) app.log.info({ papers: alerted }, `${alerted.length} car papers expire soon; staff are alerted`);
    },
  });
};

/** PGlite only (it has no autovacuum): the planner's statistics every six hours (db/pglite/statistics.ts). */
export const plannerStatisticsJob: FastifyPluginAsync = async (app) => {
  startStatisticsSweep(app);
};

/** PGlite only (it has no autovacuum): dead rows cleaned every ten minutes, a table at a time (db/pglite/deadRows.ts). */
export const deadRowsJob: FastifyPluginAsync = async (app) => {
  startDeadRowsSweep(app);
};
