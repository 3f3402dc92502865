/**
 * Failed logins are limited per account and address, per address (looser) and per account across
 * addresses, so one shared address (a phone carrier's, an office's) does not lock everyone behind
 * it out, many addresses cannot keep guessing one password, and a client behind TRUST_PROXY=true
 * cannot choose its own address with X-Forwarded-For. A browser that logged in to the account
 * before is counted on its own, so the strangers' guesses cannot lock the account's person out.
 * With Redis away the limits are kept in memory, and the log says so once.
 * Raw requests (not the typed client): these tests are about the wire, the client's address, X-Forwarded-For, cookies and Retry-After.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { Writable } from 'node:stream';
import { API, MESSAGES } from '@rental/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, DEFAULT_AUTH_RATE_LIMIT } from '../src/app';
import { loadConfig, testConfig } from '../src/config';
import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { DEVICE_COOKIE } from '../src/features/auth/deviceCookie';
import { addressKey, DEFAULT_LOGIN_LIMITS } from '../src/features/auth/loginLimits';
import { REDIS_AWAY_LOG, REDIS_BACK_LOG, REDIS_STILL_AWAY_LOG } from '../src/features/auth/redisWatch';
import { type AuthRateLimit, loginLimitRules } from '../src/features/auth/routes';
import { createTestApp, createTestDatabase, describeDatabase, registerCustomer, TEST_PASSWORD, type TestApp, uniqueEmail } from './helpers';

const WRONG = 'not-the-password';

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: API.login, remoteAddress, headers, payload: { email, password } });
}

function expectTooMany(res: LightMyRequestResponse, message: string = MESSAGES.tooManyAttempts) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** The device cookie a response sets, as a browser would send it back ("rental_device=..."), and its attributes. */
function deviceCookie(res: LightMyRequestResponse): { send: string; attributes: string[] } {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!header) throw new Error(`no device cookie in ${JSON.stringify(res.headers)}`);
  const [send = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { send, attributes: attributes.map((a) => a.toLowerCase()) };
}

/** A real pino logger whose lines land in an array. */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, count: (msg: string) => lines.filter((l) => l.msg === msg).length, logger: pino({ level: 'debug' }, stream) };
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
    // The sentence says how the account's own person still gets in.
    expectTooMany(await login(t.app, victim.user.email, WRONG, freshAddress()), MESSAGES.accountLockedForNewDevices);
    expectTooMany(await login(t.app, victim.user.email, 'maybe-this-one', freshAddress()), MESSAGES.accountLockedForNewDevices);
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

  it('with Redis down, failed logins are still limited (in memory), and the log says once that Redis is away', async () => {
    const log = capturedLogger();
    // Nothing listens on port 1.
    const t = await appWith({ max: 2, timeWindow: '1 minute' }, { config: { redisUrl: 'redis://127.0.0.1:1' }, logger: log.logger });
    try {
      const person = await registerCustomer(t.app);
      const address = freshAddress();
      for (let i = 0; i < 2; i++) expect((await login(t.app, person.user.email, WRONG, address)).statusCode).toBe(401);
      expectTooMany(await login(t.app, person.user.email, WRONG, address));
      expectTooMany(await login(t.app, person.user.email, TEST_PASSWORD, address));
      // Other addresses are counted apart, as with Redis.
      expect((await login(t.app, person.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
      // However many times the connection fails again, the warning is written once.
      await vi.waitFor(() => expect(log.count(REDIS_STILL_AWAY_LOG)).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 100 });
      expect(log.count(REDIS_AWAY_LOG)).toBe(1);
      expect(log.lines.find((l) => l.msg === REDIS_AWAY_LOG)?.level).toBe(40);
      expect(log.count(REDIS_BACK_LOG)).toBe(0);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe(`registrations while Redis is away (${describeDatabase})`, () => {
  it('are still limited per address, counted in memory, as with Redis', async () => {
    // Nothing listens on port 1.
    const t = await appWith({ max: 2, timeWindow: '1 minute' }, { config: { redisUrl: 'redis://127.0.0.1:1' }, logger: capturedLogger().logger });
    try {
      const register = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: API.register,
          remoteAddress,
          payload: { name: 'New Customer', email: uniqueEmail('reg'), password: TEST_PASSWORD },
        });
      const address = freshAddress();
      for (let i = 0; i < 2; i++) expect((await register(address)).statusCode).toBe(201);
      const refused = await register(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, message: MESSAGES.tooManyAttempts });
      // Another address is counted apart.
      expect((await register(freshAddress())).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe(`a browser that logged in before, while strangers guess the password (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(DEFAULT_AUTH_RATE_LIMIT);
  });
  afterAll(() => t?.close());

  /** 60 wrong guesses from 30 addresses: the last 10 are refused by the account's own limit. */
  async function strangersGuess(email: string) {
    const addresses = Array.from({ length: 30 }, freshAddress);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await login(t.app, email, WRONG, addresses[i % 30]!)).statusCode);
    expect(
      statuses.slice(0, 50).every((s) => s === 401),
      statuses.join(' '),
    ).toBe(true);
    expect(
      statuses.slice(50).every((s) => s === 429),
      statuses.join(' '),
    ).toBe(true);
  }

  it('lets the known browser in with the right password; an unknown one is refused with a sentence and Retry-After', async () => {
    const owner = await registerCustomer(t.app, { email: uniqueEmail('owner') });
    const home = freshAddress();
    const earlier = await login(t.app, owner.user.email, TEST_PASSWORD, home);
    expect(earlier.statusCode).toBe(200);
    const known = deviceCookie(earlier);
    expect(known.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/api/user/']));
    expect(known.attributes).not.toContain('secure');

    await strangersGuess(owner.user.email);

    // The owner, in the browser she logged in with before, from home or from any other address.
    const back = await login(t.app, owner.user.email, TEST_PASSWORD, home, { cookie: known.send });
    expect(back.statusCode, back.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: API.userData, headers: { authorization: back.json().token } });
    expect(me.json().user.email).toBe(owner.user.email);
    expect((await login(t.app, owner.user.email, TEST_PASSWORD, freshAddress(), { cookie: known.send })).statusCode).toBe(200);

    // A browser that never logged in to this account, even with the right password, waits.
    const locked = MESSAGES.accountLockedForNewDevices;
    expectTooMany(await login(t.app, owner.user.email, TEST_PASSWORD, freshAddress()), locked);
    // A forged device cookie is a stranger's...
    const [name, value = ''] = known.send.split('=');
    const forged = `${name}=${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expectTooMany(await login(t.app, owner.user.email, TEST_PASSWORD, freshAddress(), { cookie: forged }), locked);
    // ...and so is a real one of another account, or one made up for this account's id.
    const other = await registerCustomer(t.app);
    const otherCookie = deviceCookie(await login(t.app, other.user.email, TEST_PASSWORD, freshAddress())).send;
    expectTooMany(await login(t.app, owner.user.email, TEST_PASSWORD, freshAddress(), { cookie: otherCookie }), locked);
    const madeUp = `${DEVICE_COOKIE}=${owner.user._id}.${value.split('.')[1]}.${value.split('.')[2]?.split('~')[0]?.slice(0, -1)}x`;
    expectTooMany(await login(t.app, owner.user.email, TEST_PASSWORD, freshAddress(), { cookie: madeUp }), locked);
  }, 300_000);

  it("counts a known browser's own wrong passwords on their own: ten a minute, not with the strangers'", async () => {
    const person = await registerCustomer(t.app);
    const laptop = deviceCookie(await login(t.app, person.user.email, TEST_PASSWORD, freshAddress())).send;
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await login(t.app, person.user.email, WRONG, address, { cookie: laptop })).statusCode).toBe(401);
    expectTooMany(await login(t.app, person.user.email, TEST_PASSWORD, address, { cookie: laptop }));
    // The strangers' counters did not move: another browser at the same address, and the account itself, are free.
    expect((await login(t.app, person.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    await strangersGuess(person.user.email);
  }, 300_000);

  it('knows the browser that chose a new password through the e-mailed link', async () => {
    const person = await registerCustomer(t.app);
    await strangersGuess(person.user.email);
    // A new phone: refused, so its owner asks for a link and sets a new password with it.
    expectTooMany(await login(t.app, person.user.email, TEST_PASSWORD, freshAddress()), MESSAGES.accountLockedForNewDevices);
    await t.app.inject({ method: 'POST', url: API.forgotPassword, remoteAddress: freshAddress(), payload: { email: person.user.email } });
    const [letter] = await t.db.select({ token: outbox.linkToken }).from(outbox).where(eq(outbox.recipient, person.user.email));
    const reset = await t.app.inject({
      method: 'POST',
      url: API.resetPassword,
      remoteAddress: freshAddress(),
      payload: { token: letter!.token!, password: 'a brand new phrase' },
    });
    expect(reset.statusCode).toBe(200);
    const phone = deviceCookie(reset).send;
    expect((await login(t.app, person.user.email, 'a brand new phrase', freshAddress(), { cookie: phone })).statusCode).toBe(200);
    expectTooMany(await login(t.app, person.user.email, 'a brand new phrase', freshAddress()), MESSAGES.accountLockedForNewDevices);
  }, 300_000);

  it('knows the browser that made the account from its first visit', async () => {
    const email = uniqueEmail('kay');
    const made = await t.app.inject({
      method: 'POST',
      url: API.register,
      remoteAddress: freshAddress(),
      payload: { name: 'Kay Brown', email, password: TEST_PASSWORD },
    });
    expect(made.statusCode).toBe(201);
    const browser = deviceCookie(made).send;
    await strangersGuess(email);
    expect((await login(t.app, email, TEST_PASSWORD, freshAddress(), { cookie: browser })).statusCode).toBe(200);
  }, 300_000);
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
    const guess = (i: number) => login(t.app, person.user.email, WRONG, PROXY, { 'x-forwarded-for': `203.0.113.${i + 1}, ${realClient}` });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(401);
    for (let i = 3; i < 8; i++) expectTooMany(await guess(i));
  });

  it('marks the device cookie Secure when the browser came over https (the proxy says so)', async () => {
    const person = await registerCustomer(t.app);
    const res = await login(t.app, person.user.email, TEST_PASSWORD, PROXY, { 'x-forwarded-for': '198.51.100.91', 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(deviceCookie(res).attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
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
    expectTooMany(await login(apps[1]!, person.user.email, WRONG, freshAddress()), MESSAGES.accountLockedForNewDevices);
    expectTooMany(await login(apps[0]!, person.user.email, TEST_PASSWORD, freshAddress()), MESSAGES.accountLockedForNewDevices);
  });

  it('a parallel burst across both instances gets no more than the limit', async () => {
    const person = await registerCustomer(apps[0]!);
    const address = freshAddress();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login(apps[i % 2]!, person.user.email, WRONG, address)));
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(3);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });
});

/** A TCP relay to the test Redis that can be cut and put back on the same port: Redis going away and coming back. */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    reopen: open,
  };
}

describe.runIf(TEST_REDIS_URL)(`Redis going away and coming back (${describeDatabase})`, () => {
  it('keeps limiting failed logins in memory meanwhile, and says once that it went away and once that it is back', async () => {
    const relay = await redisRelay(new URL(TEST_REDIS_URL!));
    const log = capturedLogger();
    const t = await appWith({ max: 3, timeWindow: '1 minute' }, { config: { redisUrl: relay.url() }, logger: log.logger });
    try {
      const person = await registerCustomer(t.app);
      // Counted in Redis.
      expect((await login(t.app, person.user.email, WRONG, freshAddress())).statusCode).toBe(401);
      expect(log.count(REDIS_AWAY_LOG)).toBe(0);

      await relay.cut();
      await vi.waitFor(() => expect(log.count(REDIS_AWAY_LOG)).toBe(1), { timeout: 30_000, interval: 50 });
      const address = freshAddress();
      for (let i = 0; i < 3; i++) expect((await login(t.app, person.user.email, WRONG, address)).statusCode).toBe(401);
      expectTooMany(await login(t.app, person.user.email, WRONG, address));
      await vi.waitFor(() => expect(log.count(REDIS_STILL_AWAY_LOG)).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 100 });
      expect(log.count(REDIS_AWAY_LOG)).toBe(1);

      await relay.reopen();
      await vi.waitFor(() => expect(log.count(REDIS_BACK_LOG)).toBe(1), { timeout: 30_000, interval: 50 });
      // Shared counting again: a fresh address is counted in Redis and limited there.
      const later = freshAddress();
      for (let i = 0; i < 3; i++) expect((await login(t.app, person.user.email, WRONG, later)).statusCode).toBe(401);
      expectTooMany(await login(t.app, person.user.email, WRONG, later));
      expect(log.count(REDIS_AWAY_LOG)).toBe(1);
      expect(log.count(REDIS_BACK_LOG)).toBe(1);
    } finally {
      await t.close();
      await relay.cut().catch(() => {});
    }
  }, 120_000);
});
