/**
 * A fresh app on a fresh database for each test file: PGlite in memory by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close).
 */
import { randomBytes } from 'node:crypto';
import { API, type User } from '@rental/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type OpenedDatabase, openDatabase } from '../src/db/open';
import type { Database } from '../src/db/types';
import { promoteToOwner } from '../src/features/firstOwner/bootstrap';
import { openFromSnapshot } from './support/pgliteSnapshot';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** Put it in test names so a report says which database a failure was on. */
export const describeDatabase = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Tests register many accounts from one address, so the login limit is high unless a test lowers it. */
const TEST_RATE_LIMIT = { max: 10_000, timeWindow: '1 minute' } as const;

export interface TestDatabase {
  opened: OpenedDatabase;
  db: Database;
  /** The PostgreSQL URL of this database (undefined on PGlite in memory). */
  url: string | undefined;
  close(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database; migrationsDir lets a test use its own migrations. */
export async function createTestDatabase(options: { migrationsDir?: string } = {}): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    // A copy of the run's migrated snapshot when there is one: the same database, made in a fraction of the time.
    const opened = (!options.migrationsDir && (await openFromSnapshot())) || (await openDatabase({ inMemory: true, migrationsDir: options.migrationsDir }));
    return { opened, db: opened.db, url: undefined, close: () => opened.close() };
  }
  const name = `rental_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const dropDatabase = async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  const url = withDatabaseName(TEST_DATABASE_URL, name);
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase({ databaseUrl: url, migrationsDir: options.migrationsDir, poolSize: 5 });
  } catch (err) {
    await dropDatabase();
    throw err;
  }
  return {
    opened,
    db: opened.db,
    url,
    close: async () => {
      await opened.close();
      await dropDatabase();
    },
  };
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'db' | 'config'>> {
  config?: Partial<Config>;
  logger?: FastifyBaseLogger;
  /** Runs before the app is ready: a test may add its own routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  try {
    const { config, beforeReady, ...rest } = options;
    const app = await buildApp({ rateLimit: TEST_RATE_LIMIT, ...rest, db: database.db, config: testConfig(config) });
    await beforeReady?.(app);
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: token };
}

let accountCounter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  accountCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${accountCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery';

export interface Account {
  token: string;
  user: User;
  password: string;
}

/** Registers an account through the API, as a customer would. */
export async function registerCustomer(app: FastifyInstance, input: { name?: string; email?: string; password?: string } = {}): Promise<Account> {
  const password = input.password ?? TEST_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: API.register,
    payload: { name: input.name ?? 'Test Customer', email: input.email ?? uniqueEmail(), password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  const data = await app.inject({ method: 'GET', url: API.userData, headers: authHeader(token) });
  if (data.statusCode !== 200) throw new Error(`user data failed: ${data.statusCode} ${data.body}`);
  return { token, user: data.json().user as User, password };
}

/**
 * Registers an account, promotes it the way the owner CLI does (no HTTP call makes owners), then
 * logs in again: promotion ends the account's sessions.
 */
export async function createOwner(app: FastifyInstance, input: { name?: string; email?: string } = {}): Promise<Account> {
  const account = await registerCustomer(app, { name: input.name ?? 'Test Owner', email: input.email ?? uniqueEmail('owner') });
  await promoteToOwner(app.db, account.user.email);
  const res = await app.inject({ method: 'POST', url: API.login, payload: { email: account.user.email, password: account.password } });
  if (res.statusCode !== 200) throw new Error(`owner login failed: ${res.statusCode} ${res.body}`);
  return { ...account, token: res.json().token as string, user: { ...account.user, role: 'owner' } };
}
