import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeDatabase, TEST_PASSWORD, uniqueEmail } from './helpers';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts src/main.ts as `npm start` would (port 0: any free port) and waits for its address. */
async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { PORT: '0', HOST: '127.0.0.1', ...env } });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[^"\s]+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}

describe(`the server process (${describeDatabase})`, () => {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const { DATABASE_URL: _a, OWNER_EMAIL: _b, OWNER_PASSWORD: _c, JWT_SECRET: _d, DEMO: _e, ...base } = process.env;
    if (describeDatabase === 'postgres') {
      const database = await createTestDatabase();
      env = { ...base, DATABASE_URL: database.url, LOG_LEVEL: 'info' };
      cleanup = database.close;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'rental-main-'));
      env = { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  it('starts, prints a one-time owner setup address (never a password), stops cleanly on SIGTERM and keeps its data', async () => {
    const first = await startServer(env);
    try {
      const health = await fetch(`${first.url}/health`);
      expect(await health.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
      // The setup address is printed just after the server listens.
      await expect.poll(() => first.output(), { timeout: 30_000 }).toMatch(/\/setup\?token=/);
      const firstSetup = /\/setup\?token=(\S+)/.exec(first.output())?.[1];
      const email = uniqueEmail();
      const registered = await fetch(`${first.url}${API.register}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kept', email, password: TEST_PASSWORD }),
      });
      expect(registered.status).toBe(201);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('Stopped.');
      // Passwords and tokens never reach the log.
      expect(first.output()).not.toContain(TEST_PASSWORD);
      expect(first.output()).not.toContain((await registered.json()).token);

      const second = await startServer(env);
      try {
        // Still no owner: a new address, and the old one is not printed again.
        await expect.poll(() => second.output(), { timeout: 30_000 }).toMatch(/\/setup\?token=/);
        const secondSetup = /\/setup\?token=(\S+)/.exec(second.output())?.[1];
        expect(secondSetup).not.toBe(firstSetup);
        const login = await fetch(`${second.url}${API.login}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: TEST_PASSWORD }),
        });
        expect(login.status).toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    } finally {
      first.child.kill('SIGKILL');
    }
    // Two real starts (PGlite creates its data directory on the first): slow on a busy machine.
  }, 180_000);

  it('on a terminal (LOG_FORMAT=pretty) prints a short banner and readable log lines, never a password', async () => {
    const server = await startServer({ ...env, LOG_FORMAT: 'pretty' });
    try {
      await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('Waterford Car Rental is running');
      const output = server.output();
      expect(output).toMatch(/Site\s+http:\/\/127\.0\.0\.1:\d+/);
      expect(output).toMatch(/Database\s+(PGlite|PostgreSQL)/);
      expect(output).toMatch(/Mail\s+off/);
      expect(output).toMatch(/Owner\s+(none yet: open http:\/\/\S+\/setup\?token=|set up)/);
      // Readable lines ("[12:00:00] INFO: ..."), not JSON objects.
      expect(output).toMatch(/\[\d\d:\d\d:\d\d\] INFO: .*running at/);
      expect(output).not.toMatch(/^\{"level"/m);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('refuses to start with a bad setting, naming it', async () => {
    await expect(startServer({ ...env, PORT: 'eighty' })).rejects.toThrow(/Cannot start: PORT must be a whole number/);
  }, 60_000);
});
