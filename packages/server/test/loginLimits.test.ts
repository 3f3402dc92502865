/**
 * Failed logins are limited per account and address, per address (looser) and per account across
 * addresses (issue 14, items 3 and 4), so one shared address (a phone carrier's, an office's) does
 * not lock everyone behind it out, many addresses cannot keep guessing one password, and a client
 * behind TRUST_PROXY=true cannot choose its own address with X-Forwarded-For.
 */
import { randomBytes } from 'node:crypto';
import { API, MESSAGES } from '@rental/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DEFAULT_AUTH_RATE_LIMIT } from '../src/app';
import { loadConfig, testConfig } from '../src/config';
import { addressKey, DEFAULT_LOGIN_LIMITS } from '../src/features/auth/loginLimits';
import { type AuthRateLimit, loginLimitRules } from '../src/features/auth/routes';
import { createTestApp, createTestDatabase, describeDatabase, registerCustomer, TEST_PASSWORD, type TestApp, uniqueEmail } from './helpers';

const WRONG = 'not-the-password';

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: API.login, remoteAddress, headers, payload: { email, password } });
}

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ success: false, message: MESSAGES.tooManyAttempts });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** Distinct documentation addresses (198.18.0.0/15 is for benchmarks), one per call. */
let nextAddress = 0;
const freshAddress = () => {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

async function appWith(rateLimit: AuthRateLimit, config: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  return createTestApp({ ...config, rateLimit: { ...rateLimit, nameSpace: `t-${randomBytes(4).toString('hex')}-` } });
}

describe('the default login limits', () => {
  it('are 10 a minute per account and address, 100 a minute per address, 50 per 15 minutes per account', () => {
    expect(DEFAULT_AUTH_RATE_LIMIT).toEqual({ max: 10, timeWindow: '1 minute' });
    expect(loginLimitRules(DEFAULT_AUTH_RATE_LIMIT)).toEqual(DEFAULT_LOGIN_LIMITS);
    expect(DEFAULT_LOGIN_LIMITS).toEqual({
      accountAddress: { max: 10, windowMs: 60_000 },
      address: { max: 100, windowMs: 60_000 },
      account: { max: 50, windowMs: 900_000 },
    });
  });

  it('count an IPv6 client by its /64, which one customer holds whole', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe(`failed logins, with the default limits (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(DEFAULT_AUTH_RATE_LIMIT);
  });
  afterAll(() => t?.close());

  it('ten failures for one account from a shared address do not stop another account behind it', async () => {
    const office = freshAddress();
    const [alice, bob] = [await registerCustomer(t.app, { email: uniqueEmail('alice') }), await registerCustomer(t.app, { email: uniqueEmail('bob') })];
    for (let i = 0; i < 10; i++) expect((await login(t.app, alice.user.email, WRONG, office)).statusCode).toBe(401);
    expectTooMany(await login(t.app, alice.user.email, WRONG, office));
    // Even the right password waits out the minute from that address...
    expectTooMany(await login(t.app, alice.user.email, TEST_PASSWORD, office));
    // ...but the colleague at the next desk logs in, and so does Alice from her phone.
    expect((await login(t.app, bob.user.email, TEST_PASSWORD, office)).statusCode).toBe(200);
    expect((await login(t.app, alice.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  }, 120_000);

  it('many addresses cannot keep guessing one account: 50 failures per 15 minutes, however spread', async () => {
    const victim = await registerCustomer(t.app, { email: uniqueEmail('victim') });
    for (let i = 0; i < 50; i++) expect((await login(t.app, victim.user.email, WRONG, freshAddress())).statusCode, `guess ${i + 1}`).toBe(401);
    expectTooMany(await login(t.app, victim.user.email, WRONG, freshAddress()));
    expectTooMany(await login(t.app, victim.user.email, 'maybe-this-one', freshAddress()));
    // Other accounts are not affected.
    const other = await registerCustomer(t.app);
    expect((await login(t.app, other.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  }, 180_000);
});

describe(`failed logins, with small limits (${describeDatabase})`, () => {
  it('per address: trying many accounts from one address is stopped at the looser limit', async () => {
    const t = await appWith({ max: 3, timeWindow: '1 minute', maxPerAddress: 6 });
    try {
      const address = freshAddress();
      for (let i = 0; i < 6; i++) expect((await login(t.app, uniqueEmail('guess'), WRONG, address)).statusCode).toBe(401);
      expectTooMany(await login(t.app, uniqueEmail('guess'), WRONG, address));
      expect((await login(t.app, uniqueEmail('guess'), WRONG, freshAddress())).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('only failures count: logging in many times is fine; a burst of parallel guesses gets no more than the limit', async () => {
    const t = await appWith({ max: 3, timeWindow: '1 minute' });
    try {
      const address = freshAddress();
      const person = await registerCustomer(t.app);
      for (let i = 0; i < 6; i++) expect((await login(t.app, person.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
      // Twenty guesses at once: each takes its place before its password is checked, so only three are checked.
      const burst = await Promise.all(Array.from({ length: 20 }, () => login(t.app, person.user.email, WRONG, address)));
      const statuses = burst.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('with Redis down, the limit is skipped rather than locking everyone out', async () => {
    // Nothing listens on port 1.
    const t = await appWith({ max: 2, timeWindow: '1 minute' }, { config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const person = await registerCustomer(t.app);
      const address = freshAddress();
      for (let i = 0; i < 4; i++) expect((await login(t.app, person.user.email, WRONG, address)).statusCode).toBe(401);
      expect((await login(t.app, person.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe(`TRUST_PROXY=true (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(
      { max: 3, timeWindow: '1 minute' },
      {
        config: { trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy },
        beforeReady: (app) => {
          app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
        },
      },
    );
  });
  afterAll(() => t?.close());

  const PROXY = '10.0.0.2';

  it("takes the address the nearest proxy saw (the last X-Forwarded-For entry), not the client's own entries", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/ip', remoteAddress: PROXY, headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.77' } });
    expect(res.json()).toEqual({ ip: '198.51.100.77' });
    const direct = await t.app.inject({ method: 'GET', url: '/api/test/ip', remoteAddress: PROXY, headers: { 'x-forwarded-for': '198.51.100.78' } });
    expect(direct.json()).toEqual({ ip: '198.51.100.78' });
  });

  it('a client writing its own X-Forwarded-For cannot escape the login limit', async () => {
    const person = await registerCustomer(t.app);
    const realClient = '198.51.100.90';
    const guess = (i: number) =>
      login(t.app, person.user.email, WRONG, PROXY, { 'x-forwarded-for': `203.0.113.${i + 1}, ${realClient}` });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(401);
    for (let i = 3; i < 8; i++) expectTooMany(await guess(i));
  });
});

// Needs a Redis server, like the PostgreSQL suite needs TEST_DATABASE_URL (CI sets both).
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.runIf(TEST_REDIS_URL)('the login limits shared through Redis', () => {
  const apps: FastifyInstance[] = [];
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    close = database.close;
    const nameSpace = `rental-test-${randomBytes(4).toString('hex')}-`;
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        db: database.db,
        config: testConfig({ redisUrl: TEST_REDIS_URL }),
        rateLimit: { max: 3, timeWindow: '1 minute', perAccount: { max: 5, timeWindow: '15 minutes' }, nameSpace },
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await close?.();
  });

  it('counts one account across instances and addresses; right passwords are given back', async () => {
    const person = await registerCustomer(apps[0]!);
    // Successes on either instance do not count.
    for (let i = 0; i < 6; i++) expect((await login(apps[i % 2]!, person.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(apps[i % 2]!, person.user.email, WRONG, freshAddress())).statusCode).toBe(401);
    expectTooMany(await login(apps[1]!, person.user.email, WRONG, freshAddress()));
    expectTooMany(await login(apps[0]!, person.user.email, TEST_PASSWORD, freshAddress()));
  });

  it('a parallel burst across both instances gets no more than the limit', async () => {
    const person = await registerCustomer(apps[0]!);
    const address = freshAddress();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login(apps[i % 2]!, person.user.email, WRONG, address)));
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(3);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });
});
