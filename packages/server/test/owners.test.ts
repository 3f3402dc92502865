import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API, COMPANY } from '@rental/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { DataDirInUseError } from '../src/db/dataDirLock';
import { openDatabase } from '../src/db/open';
import { users } from '../src/db/schema';
import { bootstrapOwner, NoSuchAccountError, promoteToOwner } from '../src/features/owners/bootstrap';
import { createTestApp, createTestDatabase, describeDatabase, registerCustomer, TEST_PASSWORD, type TestApp, uniqueEmail } from './helpers';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (msg: string) => lines.push(msg), warn: (msg: string) => lines.push(msg) };
}

async function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: API.login, payload: { email, password } });
}

async function roleOf(app: FastifyInstance, token: string): Promise<string> {
  return (await app.inject({ method: 'GET', url: API.userData, headers: { authorization: token } })).json().user.role;
}

describe(`the first owner (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const owners = async () => t.db.select({ email: users.email }).from(users).where(eq(users.role, 'owner'));

  it('with no owner and none configured, creates one and prints its one-time password once', async () => {
    const log = recordingLog();
    const result = await bootstrapOwner(t.db, {}, log);
    expect(result.action).toBe('generated');
    if (result.action !== 'generated') return;
    expect(result.email).toBe(`owner@${COMPANY.email.split('@')[1]}`);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain(result.email);
    expect(log.lines[0]).toContain(result.password);
    // The printed password really logs the owner in.
    const res = await login(t.app, result.email, result.password);
    expect(res.statusCode).toBe(200);
    expect(await roleOf(t.app, res.json().token)).toBe('owner');

    const again = recordingLog();
    expect((await bootstrapOwner(t.db, {}, again)).action).toBe('none-needed');
    expect(again.lines).toEqual([]);
    expect(await owners()).toHaveLength(1);
  });

  it('OWNER_EMAIL of an existing account promotes it and keeps its password', async () => {
    const customer = await registerCustomer(t.app);
    const log = recordingLog();
    const result = await bootstrapOwner(t.db, { ownerEmail: customer.user.email.toUpperCase(), ownerPassword: 'a-different-password' }, log);
    expect(result).toEqual({ action: 'promoted', email: customer.user.email });
    expect(await roleOf(t.app, customer.token)).toBe('owner');
    expect((await login(t.app, customer.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, customer.user.email, 'a-different-password')).statusCode).toBe(401);
    expect(log.lines.join('\n')).not.toContain('a-different-password');
    expect((await bootstrapOwner(t.db, { ownerEmail: customer.user.email }, recordingLog())).action).toBe('unchanged');
  });

  it('OWNER_EMAIL and OWNER_PASSWORD of a new account create it, without printing the password', async () => {
    const email = uniqueEmail('boss');
    const log = recordingLog();
    expect(await bootstrapOwner(t.db, { ownerEmail: email, ownerPassword: 'boss-password-123' }, log)).toEqual({ action: 'created', email });
    expect(log.lines.join('\n')).not.toContain('boss-password-123');
    const res = await login(t.app, email, 'boss-password-123');
    expect(res.statusCode).toBe(200);
    expect(await roleOf(t.app, res.json().token)).toBe('owner');
  });

  it('OWNER_EMAIL alone of a new account creates it with a printed one-time password', async () => {
    const email = uniqueEmail('boss');
    const log = recordingLog();
    const result = await bootstrapOwner(t.db, { ownerEmail: email }, log);
    expect(result.action).toBe('generated');
    if (result.action !== 'generated') return;
    expect(log.lines[0]).toContain(result.password);
    expect((await login(t.app, email, result.password)).statusCode).toBe(200);
  });

  it('promoteToOwner promotes an existing account and explains a missing one', async () => {
    const customer = await registerCustomer(t.app);
    expect(await promoteToOwner(t.db, ` ${customer.user.email.toUpperCase()}`)).toMatchObject({ email: customer.user.email, wasOwner: false });
    expect(await roleOf(t.app, customer.token)).toBe('owner');
    expect(await promoteToOwner(t.db, customer.user.email)).toMatchObject({ wasOwner: true });
    await expect(promoteToOwner(t.db, 'nobody@example.com')).rejects.toThrow(NoSuchAccountError);
    await expect(promoteToOwner(t.db, 'nobody@example.com')).rejects.toThrow(/must first register/);
    await expect(promoteToOwner(t.db, 'not an e-mail')).rejects.toThrow(NoSuchAccountError);
  });
});

describe(`the generated owner never takes over a customer's account (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('picks another address when owner@<domain> is a customer', async () => {
    const squatter = await registerCustomer(t.app, { email: `owner@${COMPANY.email.split('@')[1]}` });
    const result = await bootstrapOwner(t.db, {}, recordingLog());
    expect(result.action).toBe('generated');
    if (result.action !== 'generated') return;
    expect(result.email).not.toBe(squatter.user.email);
    expect(await roleOf(t.app, squatter.token)).toBe('user');
  });
});

describe(`npm run owner -- <email> (${describeDatabase})`, () => {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;
  let email: string;

  const runTool = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/owner.ts', ...args], {
        cwd: serverDir,
        env,
      });
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  beforeAll(async () => {
    // The tool opens the database itself, as it does on a server: a data directory or DATABASE_URL.
    const { DATABASE_URL: _ignored, ...base } = process.env;
    if (describeDatabase === 'postgres') {
      const database = await createTestDatabase();
      const app = await buildApp({ db: database.db, config: testConfig() });
      email = (await registerCustomer(app)).user.email;
      await app.close();
      env = { ...base, DATABASE_URL: database.url };
      cleanup = database.close;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'rental-owner-cli-'));
      const opened = await openDatabase({ dataDir });
      const app = await buildApp({ db: opened.db, config: testConfig() });
      email = (await registerCustomer(app)).user.email;
      await app.close();
      await opened.close();
      env = { ...base, DATA_DIR: dataDir };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  it('promotes a registered account, and says clearly when there is none', async () => {
    const promoted = await runTool(email);
    expect(promoted.code).toBe(0);
    expect(promoted.out).toContain(`${email} (Test Customer) is now an owner.`);
    const missing = await runTool('nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('No account with the e-mail nobody@example.com');
    const usage = await runTool();
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run owner -- <email>');
    // Real processes, each opening the database: slow on a busy machine.
  }, 120_000);
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
      expect((await configured.inject({ method: 'GET', url: API.userData, headers: { authorization: customer.token } })).statusCode).toBe(401);
      const login = await configured.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: TEST_PASSWORD } });
      expect(await roleOf(configured, login.json().token)).toBe('user');
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });
});
