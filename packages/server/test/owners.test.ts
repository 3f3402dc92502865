import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { DataDirInUseError } from '../src/db/dataDirLock';
import { openDatabase } from '../src/db/open';
import { createTestDatabase, describeDatabase, registerCustomer, TEST_PASSWORD, testApi } from './helpers';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

async function login(app: FastifyInstance, email: string, password: string) {
  return testApi(app).call('login', { body: { email, password } });
}

async function roleOf(app: FastifyInstance, token: string): Promise<string> {
  return (await testApi(app, token).call('userData')).user.role;
}

describe(`npm run owner -- <email> (${describeDatabase})`, () => {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;
  /** Opens the database as the tool does (it must be closed while the tool runs on PGlite). */
  let withApp: <T>(run: (app: FastifyInstance) => Promise<T>) => Promise<T>;

  /** Runs the tool as `npm run owner` does, typing `input` on its standard input (then closing it). */
  const runTool = (args: string[], input = '') =>
    new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/owner.ts', ...args], { cwd: serverDir, env });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, out }));
      child.stdin.end(input);
    });

  beforeAll(async () => {
    // The tool opens the database itself, as it does on a server: a data directory or DATABASE_URL.
    const { DATABASE_URL: _ignored, ...base } = process.env;
    if (describeDatabase === 'postgres') {
      const database = await createTestDatabase();
      env = { ...base, DATABASE_URL: database.url };
      withApp = async (run) => {
        const app = await buildApp({ db: database.db, config: testConfig() });
        try {
          return await run(app);
        } finally {
          await app.close();
        }
      };
      cleanup = database.close;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'rental-owner-cli-'));
      env = { ...base, DATA_DIR: dataDir };
      withApp = async (run) => {
        const opened = await openDatabase({ dataDir });
        const app = await buildApp({ db: opened.db, config: testConfig() });
        try {
          return await run(app);
        } finally {
          await app.close();
          await opened.close();
        }
      };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  it('says whose account it is and asks first: "n" (or no answer) changes nothing, "y" promotes and ends its sessions', async () => {
    const customer = await withApp((app) => registerCustomer(app, { name: 'Maxine Brown' }));
    const declined = await runTool([customer.user.email], 'n\n');
    expect(declined.code).toBe(1);
    expect(declined.out).toMatch(new RegExp(`${customer.user.email} is the account of "Maxine Brown", created \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.`));
    expect(declined.out).toContain('Make this account an owner?');
    expect(declined.out).toContain('Nothing changed.');
    const silent = await runTool([customer.user.email]);
    expect(silent.code).toBe(1);
    expect(silent.out).toContain('No answer: nothing changed.');
    expect(await withApp((app) => roleOf(app, customer.token))).toBe('user');

    const accepted = await runTool([customer.user.email], 'y\n');
    expect(accepted.code).toBe(0);
    expect(accepted.out).toContain(`${customer.user.email} (Maxine Brown) is now an owner.`);
    await withApp(async (app) => {
      await expect(testApi(app, customer.token).call('userData')).rejects.toMatchObject({ status: 401 });
      const again = await login(app, customer.user.email, TEST_PASSWORD);
      expect(await roleOf(app, again.token)).toBe('owner');
    });
    // Real processes, each opening the database: slow on a busy machine.
  }, 180_000);

  it('--yes skips the question; a missing account and a missing e-mail are explained', async () => {
    const customer = await withApp((app) => registerCustomer(app, { name: 'Test Customer' }));
    const promoted = await runTool([customer.user.email, '--yes']);
    expect(promoted.code).toBe(0);
    expect(promoted.out).toContain(`${customer.user.email} is the account of "Test Customer"`);
    expect(promoted.out).not.toContain('Make this account an owner?');
    expect(promoted.out).toContain(`${customer.user.email} (Test Customer) is now an owner.`);
    const already = await runTool([customer.user.email]);
    expect(already.code).toBe(0);
    expect(already.out).toContain(`${customer.user.email} (Test Customer) is already an owner.`);
    const missing = await runTool(['nobody@example.com', '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('No account with the e-mail nobody@example.com');
    const usage = await runTool([]);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run owner -- <email> [--yes]');
  }, 180_000);
});

describe('sessions across restarts', () => {
  it('a token stays valid after the PGlite data directory is closed and opened again (even after a kill -9 lock)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rental-restart-'));
    try {
      const first = await openDatabase({ dataDir });
      const app1 = await buildApp({ db: first.db, config: testConfig() });
      const customer = await registerCustomer(app1);
      // One process per data directory: a second opening is refused while the first is open.
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
      await app1.close();
      await first.close();

      // A lock naming a process that no longer runs (as after kill -9) is taken over.
      await writeFile(join(dataDir, 'rental.lock'), '2147483646');
      const second = await openDatabase({ dataDir });
      expect(second.appliedMigrations).toEqual([]);
      const app2 = await buildApp({ db: second.db, config: testConfig() });
      expect(await roleOf(app2, customer.token)).toBe('user');
      await app2.close();
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it(`instances on one database share the generated secret; JWT_SECRET replaces it (${describeDatabase})`, async () => {
    const database = await createTestDatabase();
    const apps: FastifyInstance[] = [];
    try {
      const start = async (jwtSecret?: string) => {
        const app = await buildApp({ db: database.db, config: testConfig({ jwtSecret }) });
        apps.push(app);
        return app;
      };
      const a = await start();
      const b = await start();
      const customer = await registerCustomer(a);
      expect(await roleOf(b, customer.token)).toBe('user');

      const configured = await start('a-configured-secret-that-is-long-enough');
      await expect(testApi(configured, customer.token).call('userData')).rejects.toMatchObject({ status: 401 });
      const again = await login(configured, customer.user.email, TEST_PASSWORD);
      expect(await roleOf(configured, again.token)).toBe('user');
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });
});
