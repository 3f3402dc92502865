/**
 * Starts the site: reads the settings, opens (and migrates) the database, makes sure an owner
 * exists, optionally fills a demo fleet, and serves the web app and the API on one port.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type OpenedDatabase, openDatabase } from './db/open';
import { seedDemo } from './demo/seedDemo';
import { getCompanySettings } from './features/company';
import { bootstrapOwner } from './features/firstOwner/bootstrap';
import { announceOwnerSetup } from './features/firstOwner/setup';
import { smtpHost } from './features/mail/sender';
import { startupBanner } from './http/banner';
import { createLogger, resolveLogFormat } from './http/logging';
import { applyServerLimits, closeWithin, SHUTDOWN_GRACE_MS } from './http/serverLimits';

/** Should closing still hang (a stuck close hook or database), the process ends this long after the grace period. */
const SHUTDOWN_LAST_RESORT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config);
  const demo = process.argv.includes('--demo') || process.env.DEMO === '1';

  let opened: OpenedDatabase | undefined;
  // Set by SIGTERM/SIGINT: a start still finishing (announcing the owner setup) then fails only
  // because the database is being closed, and the stop decides how the process ends.
  let stopping = false;
  try {
    opened = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    log.info(
      { database: opened.kind, applied: opened.appliedMigrations },
      opened.kind === 'pglite' ? `Database: PGlite in ${config.dataDir}` : 'Database: PostgreSQL (DATABASE_URL)',
    );
    // The demo brings its own owner, so a demo start does not also generate one.
    if (demo) await seedDemo(opened.db, log, undefined, config.holdMinutes);
    await bootstrapOwner(opened.db, config, log);

    // On PGlite this process is alone on its data: a message a killed process left half-sent is due at once.
    // PGlite has no autovacuum: the server keeps its planner's statistics and cleans dead rows itself (jobs of app.ts's list).
    const app = await buildApp({
      db: opened.db,
      config,
      logger: log,
      mailSender: { exclusive: opened.kind === 'pglite' },
      pgliteUpkeep: opened.kind === 'pglite',
    });
    applyServerLimits(app.server, log);
    const database = opened;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) {
        log.warn(`${signal} again: stopping now.`);
        process.exit(1);
      }
      stopping = true;
      log.info(`${signal}: finishing the requests in flight (up to ${SHUTDOWN_GRACE_MS / 1000} s), then stopping.`);
      const force = setTimeout(() => {
        log.error('The server did not close in time; stopping without closing the database.');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS + SHUTDOWN_LAST_RESORT_MS);
      force.unref();
      try {
        await closeWithin(app.server, () => app.close(), SHUTDOWN_GRACE_MS, log);
        // PGlite writes its data directory on close.
        await database.close();
        log.info('Stopped.');
        process.exit(0);
      } catch (err) {
        log.error({ err }, 'Error while stopping');
        process.exit(1);
      }
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = config.publicUrl ?? `http://${shownHost}:${port}`;
    log.info(`Car rental site running at ${url}`);
    const mail = config.smtpUrl
      ? `on: sent through ${smtpHost(config.smtpUrl)}`
      : 'off: SMTP_URL is not set, so no e-mail is sent; messages are kept in the outbox (/owner/outbox)';
    if (resolveLogFormat(config.logFormat) === 'pretty') {
      // On a terminal: a short banner, the owner setup address in it (never in the log).
      let ownerSetup: string | undefined;
      await announceOwnerSetup(database.db, config, port, (line) => {
        ownerSetup = /https?:\/\/\S+\/setup\?token=\S+/.exec(line)?.[0];
      });
      const where = database.kind === 'pglite' ? `PGlite (embedded) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
      const { name: company } = await getCompanySettings(database.db);
      console.log(startupBanner({ company, url, database: where, mail, ownerSetup }));
    } else {
      log.info(`Mail: ${mail}`);
      // No owner and none configured: one plain console line with the one-time setup address.
      await announceOwnerSetup(database.db, config, port);
    }
  } catch (err) {
    if (stopping) return;
    log.fatal({ err }, `Cannot start: ${err instanceof Error ? err.message : String(err)}`);
    await opened?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
