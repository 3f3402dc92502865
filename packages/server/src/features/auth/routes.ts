/** Register, log in and read one's own account (as SPEC.md has it). */
import { MESSAGES, type User } from '@rental/contract';
import { eq } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/types';
import { addEndpoint } from '../../http/endpoint';
import { readDriver, readVetting } from '../drivers';
import { HttpError } from '../../http/errors';
import { imageUrl } from '../../http/imageUrl';
import { getBankDetails } from '../company';
import { deviceCookieFor, deviceKey, knownDevice, overHttps, readDevices } from './deviceCookie';
import type { SessionUser } from './guards';
import { createLoginLimiter, type LoginLimitRules, windowMs } from './loginLimits';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/passwords';
import { signSessionToken } from './sessionTokens';
import { channelAnswer, readChannelRow } from './messageChannels';

export interface AuthRateLimit {
  /**
   * Register attempts per address within timeWindow, and failed logins per account and address
   * within timeWindow.
   */
  max: number;
  timeWindow: number | string;
  /** Failed logins per address, whatever the account, within timeWindow. Default 10 x max. */
  maxPerAddress?: number;
  /** Failed logins per account, from any address. Default 5 x max per 15 minutes. */
  perAccount?: { max: number; timeWindow: number | string };
  /** Key prefix in the shared store (tests use their own). */
  nameSpace?: string;
}

export interface AuthRoutesOptions {
  /** false turns the limits off. */
  rateLimit: AuthRateLimit | false;
  /** Shares the login counters between instances (REDIS_URL). */
  redis?: Redis;
}

/** The three login limits (features/auth/loginLimits.ts) from the app's rate-limit option. */
export function loginLimitRules(limit: AuthRateLimit): LoginLimitRules {
  const window = windowMs(limit.timeWindow);
  return {
    accountAddress: { max: limit.max, windowMs: window },
    address: { max: limit.maxPerAddress ?? limit.max * 10, windowMs: window },
    account: limit.perAccount ? { max: limit.perAccount.max, windowMs: windowMs(limit.perAccount.timeWindow) } : { max: limit.max * 5, windowMs: 15 * 60_000 },
  };
}

export function publicUser(user: Pick<SessionUser, 'id' | 'name' | 'email' | 'role' | 'imageId' | 'phone'> & { staffRole?: SessionUser['staffRole'] }): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    ...(user.role === 'owner' && user.staffRole && { staffRole: user.staffRole }),
    image: imageUrl(user.imageId),
    phone: user.phone ?? '',
  };
}

const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  // Register: attempts per address (@fastify/rate-limit). Login: failures only, three ways.
  const limited: FastifyContextConfig = options.rateLimit ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindow } } : {};
  const loginLimiter = options.rateLimit
    ? createLoginLimiter({
        rules: loginLimitRules(options.rateLimit),
        redis: options.redis,
        nameSpace: options.rateLimit.nameSpace ?? 'rental-rate-limit-',
        log: app.log,
      })
    : undefined;
  const devices = deviceKey(app.sessionKey);

  addEndpoint(
    app,
    'register',
    async (request, reply) => {
      const body = request.body;
      // Checked first only to skip the hashing; the unique index is what guarantees it.
      const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
      if (existing) throw new HttpError(409, MESSAGES.emailTaken);
      const passwordHash = await hashPassword(body.password);
      let created: { id: string; sessionVersion: number } | undefined;
      try {
        [created] = await app.db
          .insert(users)
          .values({ name: body.name, email: body.email, passwordHash, phone: body.phone || null })
          .returning({ id: users.id, sessionVersion: users.sessionVersion });
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES.emailTaken);
        throw err;
      }
      if (!created) throw new Error('The new account was not returned by the database.');
      const token = await signSessionToken(app.sessionKey, created.id, created.sessionVersion);
      // The browser that made the account is its person's: a known device from its first visit.
      reply.header('set-cookie', deviceCookieFor(devices, readDevices(devices, request.headers.cookie), created.id, overHttps(request, app.config.publicUrl)));
      return { success: true as const, token, message: MESSAGES.registered };
    },
    { config: limited },
  );

  addEndpoint(app, 'login', async (request, reply) => {
    const body = request.body;
    // Read before the limits: whether this browser is a known device of this account decides which counters apply.
    const [user] = await app.db
      .select({ id: users.id, passwordHash: users.passwordHash, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.email, body.email));
    const browserDevices = readDevices(devices, request.headers.cookie);
    const device = user ? knownDevice(browserDevices, user.id) : undefined;
    const gate = loginLimiter ? await loginLimiter.begin(body.email, request.ip, device) : undefined;
    if (gate && !gate.allowed) {
      reply.header('retry-after', String(gate.retryAfterSeconds));
      throw new HttpError(429, gate.accountLocked ? MESSAGES.accountLockedForNewDevices : MESSAGES.tooManyAttempts);
    }
    let wrongPassword = false;
    try {
      // The same answer, after the same work, whether the e-mail is unknown or the password wrong.
      const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
      if (!user || !valid) {
        wrongPassword = true;
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      const token = await signSessionToken(app.sessionKey, user.id, user.sessionVersion);
      reply.header('set-cookie', deviceCookieFor(devices, browserDevices, user.id, overHttps(request, app.config.publicUrl)));
      return { success: true as const, token, message: MESSAGES.loggedIn };
    } finally {
      // Only failures count: a right password (or a failure on our side) gives the attempt back.
      if (gate?.allowed && !wrongPassword) await gate.release();
    }
  });

  addEndpoint(app, 'userData', async (request) => {
    const [driver, vetting, channels] = await Promise.all([
      readDriver(app.db, request.user.id),
      readVetting(app.db, request.user.id),
      readChannelRow(app.db, request.user.id),
    ]);
    const user = { ...publicUser(request.user), ...(channels && channelAnswer(channels)) };
    if (request.user.staffRole !== 'owner') return { success: true as const, user, driver, vetting };
    // As SPEC.md has it, the owner's user carries the bank fields (the company's), empty until saved;
    // a manager's or an agent's does not (bank details are the owner's).
    const bank = await getBankDetails(app.db);
    return {
      success: true as const,
      user: {
        ...user,
        bankName: bank?.bankName ?? '',
        accountHolderName: bank?.accountHolderName ?? '',
        branch: bank?.branch ?? '',
        accountNumber: bank?.accountNumber ?? '',
        accountType: bank?.accountType ?? '',
      },
      driver,
      vetting,
    };
  });
};

export default authRoutes;
