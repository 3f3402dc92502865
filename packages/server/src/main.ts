/**
 * Starts the site: reads the settings, opens (and migrates) the database, makes sure an owner
 * exists, optionally fills a demo fleet, and serves the web app and the API on one port.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type OpenedDatabase, openDatabase } from './db/open';
import { seedDemo } from './demo/seedDemo';
import { bootstrapOwner } from './features/owners/bootstrap';
import { createLogger } from './http/logging';

/** In-flight requests get this long to finish on SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  try {
    opened = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    log.info(
      { database: opened.kind, applied: opened.appliedMigrations },
      opened.kind === 'pglite' ? `Database: PGlite in ${config.dataDir}` : 'Database: PostgreSQL (DATABASE_URL)',
    );
    // The demo brings its own owner, so a demo start does not also generate one.
    if (demo) await seedDemo(opened.db, log);
    await bootstrapOwner(opened.db, config, log);

    const app = await buildApp({ db: opened.db, config, logger: log });
    const database = opened;
    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) {
        log.warn(`${signal} again: stopping now.`);
        process.exit(1);
      }
      stopping = true;
      log.info(`${signal}: finishing the requests in flight, then stopping.`);
      const force = setTimeout(() => {
        log.error('Requests did not finish in time; stopping anyway.');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      try {
        await app.close();
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
    log.info(`Car rental site running at http://${shownHost}:${port}`);
  } catch (err) {
    log.fatal({ err }, `Cannot start: ${(err as Error).message}`);
    await opened?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
