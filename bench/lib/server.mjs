/**
 * Runs the BUILT server (packages/server/dist/main.js) the way `npm start` does, on a free
 * loopback port and a fresh database (a temporary PGlite folder, or a new PostgreSQL database that
 * is dropped afterwards), seeded by bench/seed.mjs.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedDatabase } from '../seed.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The built server; BENCH_SERVER_MAIN names another build (an earlier commit built in a second
 * checkout), so one benchmark can set two builds side by side on the same machine in one sitting.
 */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ? resolvePath(process.env.BENCH_SERVER_MAIN) : join(ROOT, 'packages', 'server', 'dist', 'main.js');
const WEB_INDEX = join(ROOT, 'packages', 'web', 'dist', 'index.html');
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function ensureBuilt() {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) {
      console.error(`Missing ${file}. Run \`npm run build\` first.`);
      process.exit(2);
    }
  }
  const assets = readdirSync(join(ROOT, 'packages', 'web', 'dist', 'assets'));
  if (!assets.some((f) => f.endsWith('.js.gz'))) {
    // The server compresses nothing itself: without scripts/compress-web.mjs's files every asset goes out raw.
    console.warn('WARNING: packages/web/dist has no precompressed .gz/.br files (web built without `npm run build`?); assets will be sent uncompressed.');
  }
}

/** A port free on this machine now (a caller that must name it before the server starts: PUBLIC_URL). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new empty database, { env for the server, drop() }: a temporary PGlite folder, or (postgresUrl)
 * a new PostgreSQL database; with `template`, a copy of
 * that database (nobody may be connected to it): the same data in seconds where seeding takes minutes.
 */
export async function freshDatabase({ postgresUrl, template }) {
  if (!postgresUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'rental-bench-'));
    return { kind: 'pglite', target: { dataDir }, env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `rental_bench_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    name,
    target: { databaseUrl: url.toString() },
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Starts the built server (`main`: another build's main.js) and waits until /health answers
 * (`startSeconds`: how long to wait; a database of a million bookings opens more slowly).
 */
export async function startServer({ env, logLevel = 'info', logFile, nodeArgs = [], main = SERVER_MAIN, port: chosenPort, startSeconds = 60 }) {
  // chosenPort: a port the caller needs to know before the start (PUBLIC_URL names it).
  const port = chosenPort ?? (await freePort());
  const out = openSync(logFile ?? '/dev/null', 'a');
  // nodeArgs: e.g. --cpu-prof, which NODE_OPTIONS does not accept.
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    // Fastify's per-request log lines go to a file (or nowhere), as they would to a log collector.
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel, NODE_ENV: 'production' },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start (exit ${child.exitCode}); see ${logFile ?? 'its log'}.`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /health within ${startSeconds} s.`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid,
    /** Resident memory now and its peak so far, in MiB (Linux /proc). */
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? Number.NaN);
      return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Fresh database, seeded, server started: everything a benchmark needs, and one close(). */
export async function seededServer({ postgres, postgresUrl = DEFAULT_PG_URL, logLevel, logFile, seed = {} }) {
  ensureBuilt();
  const database = await freshDatabase({ postgresUrl: postgres ? postgresUrl : undefined });
  let server;
  try {
    const manifest = await seedDatabase({ ...database.target, ...seed, log: (line) => console.log(`  seed: ${line}`) });
    console.log(`  seed: done in ${manifest.seconds.toFixed(1)} s`);
    server = await startServer({ env: database.env, logLevel, logFile });
    return {
      kind: database.kind,
      manifest,
      server,
      async close() {
        await server.stop();
        await database.drop();
      },
    };
  } catch (err) {
    await server?.stop();
    await database.drop();
    throw err;
  }
}

/** The seed's owner logged in on a running server (`base`): the session token; throws when refused. */
export async function ownerToken(base, manifest) {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: manifest.owner.email, password: manifest.owner.password }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`Login failed: ${JSON.stringify(login)}`);
  return login.token;
}
