/**
 * A fresh app on a fresh database for each test file: PGlite in memory by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close).
 */
import { randomBytes } from 'node:crypto';
import { type EndpointName, type PaymentMethod, type ResponseOf, STAFF_ROLE_WORDS, type StaffRole, type User } from '@rental/contract';
import { type ApiClient, ApiError, type CallArgs, createApiClient, type FetchLike } from '@rental/contract/client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type OpenedDatabase, openDatabase } from '../src/db/open';
import type { Database } from '../src/db/types';
import { users } from '../src/db/schema';
import { eq, sql } from 'drizzle-orm';
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
  /**
   * false: the company is still setting up (no owner has saved its settings), so pages and letters
   * show no phone or e-mail. Tests otherwise see a company whose facts were saved, as a running site's are.
   */
  companySaved?: boolean;
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
    const { config, beforeReady, companySaved, ...rest } = options;
    const app = await buildApp({ rateLimit: TEST_RATE_LIMIT, ...rest, db: database.db, config: testConfig(config) });
    if (companySaved !== false) await database.db.execute(sql`UPDATE company_settings SET contacts_saved_at = now() WHERE contacts_saved_at IS NULL`);
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

/**
 * fetch's shape over app.inject: the contract's typed client talks to the app in-process, with
 * no port. The request is built as fetch would send it (a FormData becomes its multipart bytes and
 * boundary), and the answer is a platform Response.
 */
export function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const request = new Request(new URL(url, 'http://localhost'), init);
    const target = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: target.pathname + target.search,
      headers: Object.fromEntries(request.headers),
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, String(one));
    }
    // A Response may carry no body for these statuses.
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** The contract's typed client on an app in-process: a visitor's, or a session's with its token. */
export function testApi(app: FastifyInstance, token?: string): ApiClient {
  return createApiClient({ fetch: injectFetch(app), token });
}

/**
 * A typed call and the status it was answered with, for a test that holds a call to its 201
 * (something made) as well as to its answer; a refusal throws ApiError as testApi's calls do.
 */
export async function callWithStatus<N extends EndpointName>(
  app: FastifyInstance,
  token: string | undefined,
  name: N,
  ...args: CallArgs<N>
): Promise<{ status: number; answer: ResponseOf<N> }> {
  const send = injectFetch(app);
  let status = 0;
  const fetch: FetchLike = async (url, init) => {
    const res = await send(url, init);
    status = res.status;
    return res;
  };
  const answer = await createApiClient({ token, fetch }).call(name, ...args);
  return { status, answer };
}

/** A refused call's status and whole answer, held to what a test held the raw response to; a call that succeeds fails the test. */
export async function refusalOf(call: Promise<unknown>): Promise<{ status: number; answer: Record<string, unknown> | undefined }> {
  const error = await call.then(
    () => new Error('The call succeeded where a refusal was expected.'),
    (err: unknown) => err,
  );
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, answer: error.answer };
}

/** The status a call was answered with, made or refused: for a race whose winner is not known beforehand. */
export function statusOf(call: Promise<{ status: number }>): Promise<number> {
  return call.then(
    (made) => made.status,
    (err: unknown) => {
      if (err instanceof ApiError) return err.status;
      throw err;
    },
  );
}

/**
 * A call's status with its answer when made, or the refusal's whole answer when refused: for a race
 * whose winners are not known beforehand, and the report of its outcome.
 */
export function outcomeOf<T>(call: Promise<{ status: number; answer: T }>): Promise<{ status: number; answer?: T; refusal?: Record<string, unknown> }> {
  return call.catch((err: unknown) => {
    if (err instanceof ApiError) return { status: err.status, refusal: err.answer };
    throw err;
  });
}

/** A customer's booking of a car for the days, through the typed client; its answer's booking. */
export async function bookCar(
  app: FastifyInstance,
  token: string,
  car: string,
  pickupDate: string,
  returnDate: string,
  paymentMethod: PaymentMethod = 'upfront',
) {
  return (await testApi(app, token).call('createBooking', { body: { car, pickupDate, returnDate, paymentMethod } })).booking;
}

/** A customer's phone in the tests: a booking of their own needs one (code phone_needed). */
export const TEST_PHONE = '876 555 0100';

/** Registers an account through the API, as a customer would; with a phone unless `phone: null`. */
export async function registerCustomer(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string; phone?: string | null } = {},
): Promise<Account> {
  const password = input.password ?? TEST_PASSWORD;
  const phone = input.phone === undefined ? TEST_PHONE : input.phone;
  const { token } = await testApi(app).call('register', {
    body: { name: input.name ?? 'Test Customer', email: input.email ?? uniqueEmail(), password, ...(phone === null ? {} : { phone }) },
  });
  const { user } = await testApi(app, token).call('userData');
  return { token, user, password };
}

/**
 * Registers an account, promotes it the way the owner CLI does (no HTTP call makes owners), then
 * logs in again: promotion ends the account's sessions.
 */
export async function createOwner(app: FastifyInstance, input: { name?: string; email?: string } = {}): Promise<Account> {
  return createStaff(app, 'owner', { name: input.name ?? 'Test Owner', email: input.email ?? uniqueEmail('owner') });
}

/** A staff member of the given role (owner, manager or counter agent), logged in. */
export async function createStaff(app: FastifyInstance, staffRole: StaffRole, input: { name?: string; email?: string } = {}): Promise<Account> {
  const account = await registerCustomer(app, { name: input.name ?? `Test ${STAFF_ROLE_WORDS[staffRole]}`, email: input.email ?? uniqueEmail(staffRole) });
  await promoteToOwner(app.db, account.user.email);
  if (staffRole !== 'owner') await app.db.update(users).set({ staffRole }).where(eq(users.email, account.user.email));
  const { token } = await testApi(app).call('login', { body: { email: account.user.email, password: account.password } });
  return { ...account, token, user: { ...account.user, role: 'owner', staffRole } };
}
