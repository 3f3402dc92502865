#!/usr/bin/env node
/**
 * `npm run test:e2e`: builds the production site, starts it on a free port with a fresh
 * embedded database and a known owner, runs the browser journeys, stops the server.
 * Exits non-zero when anything fails; failures leave screenshots, the pages' console and the
 * server's log in e2e-results/<time>/ (printed at the end).
 *
 * Settings: CHROMIUM_PATH (default /usr/bin/chromium); E2E_SKIP_BUILD=1 reuses the existing
 * build (for quick reruns); extra arguments go to Vitest (e.g. a file filter: `-- owner`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[e2e ${seconds()}] ${line}`);

const resultsDir = path.join(root, 'e2e-results', new Date().toISOString().replace(/[:.]/g, '-'));
mkdirSync(resultsDir, { recursive: true });

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`Chromium not found at ${chromiumPath}. Install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server stopped during start (exit ${server.exitCode ?? server.signalCode}); see ${resultsDir}/server.log`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s; see ${resultsDir}/server.log`);
}

function stopServer(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

let server;
let dataDir;
let exitCode = 1;
const interrupted = () => {
  stopServer(server).finally(() => process.exit(130));
};
process.on('SIGINT', interrupted);
process.on('SIGTERM', interrupted);

try {
  if (process.env.E2E_SKIP_BUILD === '1') {
    say('E2E_SKIP_BUILD=1: using the existing build');
  } else {
    say('building the production site (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const serverEntry = path.join(root, 'packages/server/dist/main.js');
  const webIndex = path.join(root, 'packages/web/dist/index.html');
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: the build did not produce it`);
  }

  const port = await freePort();
  const messageSandboxPort = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rental-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const owner = { email: 'owner.e2e@example.com', password: 'Owner-e2e-pass-2024' };
  // The server writes straight into the file: nothing in this process has to keep draining a pipe.
  const serverLog = openSync(path.join(resultsDir, 'server.log'), 'a');
  say(`starting the server on ${baseUrl} (data in ${dataDir})`);
  server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Hermetic: no shared rate-limit store, no secret from the developer's shell.
      REDIS_URL: '',
      // The journeys arrange customers through the API as if through a proxy on loopback, each from
      // its own address (support/api.ts): a run registers more than one address may in a minute.
      TRUST_PROXY: '127.0.0.1',
      JWT_SECRET: '',
      OWNER_EMAIL: owner.email,
      OWNER_PASSWORD: owner.password,
      // Cards through the local sandbox, which sends the browser back to PUBLIC_URL: it must be the
      // very origin the journeys browse (127.0.0.1, not localhost), or the session in that origin's
      // storage is not there when the customer returns from the card page.
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: baseUrl,
      PAYMENT_SANDBOX_PORT: '',
      // WhatsApp and SMS through the local message sandbox, on a port the journeys know (its page).
      MESSAGE_PROVIDER: 'sandbox',
      MESSAGE_SANDBOX_PORT: String(messageSandboxPort),
    },
    stdio: ['ignore', serverLog, serverLog],
  });
  closeSync(serverLog);
  // A loaded machine (CI beside other jobs) has taken 2.5 minutes to start the built server.
  await waitForHealth(`${baseUrl}/health`, server, 240_000);
  say('server is up; running the journeys');

  const vitest = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_OWNER_EMAIL: owner.email,
        E2E_OWNER_PASSWORD: owner.password,
        E2E_RESULTS_DIR: resultsDir,
        E2E_MESSAGE_SANDBOX_URL: `http://127.0.0.1:${messageSandboxPort}/`,
        CHROMIUM_PATH: chromiumPath,
      },
    },
  );
  exitCode = await new Promise((resolve) => {
    vitest.once('exit', (code) => resolve(code ?? 1));
    vitest.once('error', () => resolve(1));
  });
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await stopServer(server);
  if (server && server.exitCode !== 0 && server.signalCode === null) {
    say(`note: the server exited with code ${server.exitCode} after SIGTERM`);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

if (exitCode === 0) {
  rmSync(resultsDir, { recursive: true, force: true });
  say('all journeys passed');
} else {
  say(`FAILED: screenshots, console logs and the server log are in ${path.relative(root, resultsDir)}/`);
}
process.exit(exitCode);
