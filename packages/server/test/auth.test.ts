import { randomBytes } from 'node:crypto';
import { API, MESSAGES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/security/passwords';
import { signSessionToken } from '../src/features/auth/sessionTokens';
import { promoteToOwner } from '../src/features/firstOwner/bootstrap';
import {
  type Account,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  TEST_PASSWORD,
  type TestApp,
  uniqueEmail,
} from './helpers';

describe(`accounts and sessions (${describeDatabase})`, () => {
  let t: TestApp;
  let customer: Account;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await registerCustomer(t.app, { name: 'Alicia Brown' });
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  /** The header exactly as given (none, empty, a bare "Bearer "), for what the typed client would never send. */
  const userDataWithHeader = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: API.userData, headers: authorization === undefined ? {} : { authorization } });
  const userData = (token: string) => callWithStatus(t.app, token, 'userData');
  const register = (body: { name: string; email: string; password: string }) => callWithStatus(t.app, undefined, 'register', { body });
  const login = (email: string, password: string) => callWithStatus(t.app, undefined, 'login', { body: { email, password } });
  const expectRefused = async (call: Promise<unknown>, status: number, message: string) =>
    expect(await refusalOf(call)).toEqual({ status, answer: { success: false, code: expect.any(String), message } });

  describe('register', () => {
    it('creates an account, answers 201 with a token that works at once', async () => {
      const email = uniqueEmail();
      const res = await register({ name: '  Dwayne Campbell ', email: email.toUpperCase(), password: TEST_PASSWORD });
      expect(res.status).toBe(201);
      const body = res.answer;
      expect(body).toMatchObject({ success: true, message: MESSAGES.registered });
      expect(typeof body.token).toBe('string');
      const me = await userData(body.token);
      expect(me.status).toBe(200);
      // The e-mail is kept lower-cased and the name trimmed; a new account is a customer.
      // No driver details yet, so nothing for the company to check.
      expect(me.answer).toEqual({
        success: true,
        // No phone: no E.164 form, and WhatsApp and SMS off (e-mail is always on).
        user: {
          _id: expect.any(String),
          name: 'Dwayne Campbell',
          email,
          role: 'user',
          image: '',
          phone: '',
          phoneE164: null,
          messages: { whatsapp: { on: false, stopped: null }, sms: { on: false, stopped: null } },
        },
        driver: null,
        vetting: { status: 'not_submitted' },
      });
    });

    it('keeps a name without the characters nobody sees, and refuses one that would read reversed', async () => {
      const res = await register({ name: '\u200bDwayne\u200d Camp\u00adbell\u200f', email: uniqueEmail(), password: TEST_PASSWORD });
      expect(res.status).toBe(201);
      const { token } = res.answer;
      expect((await userData(token)).answer.user.name).toBe('Dwayne Campbell');
      const profile = await callWithStatus(t.app, token, 'updateProfile', { body: { name: 'Dwayne\u2060 Campbell\ufeff', phone: '' } });
      expect(profile.status).toBe(200);
      expect((await userData(token)).answer.user.name).toBe('Dwayne Campbell');
      const reversed = register({ name: 'Dwayne \u202elebpmaC', email: uniqueEmail(), password: TEST_PASSWORD });
      await expectRefused(reversed, 400, 'Name must be one line, without invisible control characters. Please type it again.');
    });

    it('refuses an e-mail that is taken, whatever its case, with 409', async () => {
      await expectRefused(register({ name: 'Copy', email: customer.user.email.toUpperCase(), password: TEST_PASSWORD }), 409, MESSAGES.emailTaken);
    });

    it('ignores fields it does not know (no one registers as an owner)', async () => {
      const email = uniqueEmail();
      const res = await post(API.register, { name: 'Sneaky', email, password: TEST_PASSWORD, role: 'owner' });
      expect(res.statusCode).toBe(201);
      expect((await userData(res.json().token)).answer.user.role).toBe('user');
    });

    it.each([
      ['no name', { email: 'a@example.com', password: TEST_PASSWORD }, 'Name is required.'],
      ['a blank name', { name: '   ', email: 'a@example.com', password: TEST_PASSWORD }, 'Name is required.'],
      ['a name that is a number', { name: 42, email: 'a@example.com', password: TEST_PASSWORD }, 'Name must be written as text.'],
      ['no e-mail', { name: 'A', password: TEST_PASSWORD }, 'E-mail address is required.'],
      ['a bad e-mail', { name: 'A', email: 'not-an-email', password: TEST_PASSWORD }, 'Please enter a valid e-mail address, such as name@example.com.'],
      ['no password', { name: 'A', email: 'a@example.com' }, 'Password is required.'],
      ['a short password', { name: 'A', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters long.'],
      ['a password that is a number', { name: 'A', email: 'a@example.com', password: 12345678 }, 'Password must be written as text.'],
    ])('answers 400 naming the field for %s', async (_label, payload, message) => {
      const res = await post(API.register, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
    });

    it('answers 400 when the body is not a JSON object', async () => {
      for (const payload of ['"just text"', '[1,2]', 'null', '42']) {
        const res = await post(API.register, payload, { 'content-type': 'application/json' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, code: expect.any(String), message: 'The request body must be a JSON object.' });
      }
      const empty = await t.app.inject({ method: 'POST', url: API.register });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().success).toBe(false);
    });

    it('answers 400 for malformed JSON', async () => {
      const res = await post(API.register, '{"name": "A", "email":', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: 'The request body is not valid JSON.' });
    });
  });

  describe('login', () => {
    it('logs in with the right password, whatever the e-mail case', async () => {
      const res = await login(` ${customer.user.email.toUpperCase()} `, TEST_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.answer).toMatchObject({ success: true, message: MESSAGES.loggedIn });
      expect((await userData(res.answer.token)).answer.user.email).toBe(customer.user.email);
    });

    it('gives the same answer for an unknown e-mail and a wrong password', async () => {
      const unknown = await post(API.login, { email: uniqueEmail('nobody'), password: TEST_PASSWORD });
      const wrong = await post(API.login, { email: customer.user.email, password: 'not the password' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.invalidCredentials });
      expect(wrong.body).toBe(unknown.body);
    });

    it.each([
      ['no e-mail', { password: 'x' }, 'E-mail address is required.'],
      ['no password', { email: 'a@example.com' }, 'Password is required.'],
      ['an empty password', { email: 'a@example.com', password: '' }, 'Password is required.'],
      ['an e-mail that is not text', { email: ['a@example.com'], password: 'x' }, 'E-mail address must be written as text.'],
    ])('answers 400 for %s', async (_label, payload, message) => {
      const res = await post(API.login, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
    });
  });

  describe('user data and sessions', () => {
    it('accepts the raw token (as the spec client sends it) and a Bearer token', async () => {
      const raw = await userDataWithHeader(customer.token);
      const bearer = await userDataWithHeader(`Bearer ${customer.token}`);
      expect(raw.statusCode).toBe(200);
      expect(bearer.statusCode).toBe(200);
      expect(raw.json()).toEqual({ success: true, user: customer.user, driver: null, vetting: { status: 'not_submitted' } });
      expect(bearer.json()).toEqual(raw.json());
    });

    it('answers 401 without a token or with a garbled one', async () => {
      for (const header of [undefined, '', 'Bearer ', 'garbage', `${customer.token}x`]) {
        const res = await userDataWithHeader(header);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.notAuthorized });
      }
    });

    it('says the session expired for an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.user._id)
        .setIssuedAt(past - 7 * 86400)
        .setExpirationTime(past)
        .sign(t.app.sessionKey);
      await expectRefused(userData(expired), 401, MESSAGES.sessionExpired);
    });

    it('tokens expire after seven days', async () => {
      const [, payload] = customer.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims.sub).toBe(customer.user._id);
      expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    });

    it('ends a session seven days after it began, whatever its expiry says', async () => {
      const now = Math.floor(Date.now() / 1000);
      const signed = (iat: number | undefined, exp: number) => {
        const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(customer.user._id).setExpirationTime(exp);
        return (iat === undefined ? jwt : jwt.setIssuedAt(iat)).sign(t.app.sessionKey);
      };
      const aYearAhead = now + 365 * 86400;
      await expectRefused(userData(await signed(now - 7 * 86400 - 60, aYearAhead)), 401, MESSAGES.sessionExpired);
      // Without its start the age cannot be known: refused.
      expect(await statusOf(userData(await signed(undefined, aYearAhead)))).toBe(401);
      // Six days old and still within its expiry: it opens the account.
      expect(await statusOf(userData(await signed(now - 6 * 86400, now + 86400)))).toBe(200);
    });

    it('refuses a token that says it was signed in the future', async () => {
      const now = Math.floor(Date.now() / 1000);
      const future = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.user._id)
        .setIssuedAt(now + 3600)
        .setExpirationTime(now + 7200)
        .sign(t.app.sessionKey);
      await expectRefused(userData(future), 401, MESSAGES.notAuthorized);
    });

    it('refuses a token signed with another secret', async () => {
      const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(owner.user._id).setExpirationTime('1h').sign(randomBytes(48));
      expect(await statusOf(userData(forged))).toBe(401);
    });

    it('refuses an unsigned token (alg none)', async () => {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const exp = Math.floor(Date.now() / 1000) + 3600;
      const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: owner.user._id, exp })}.`;
      expect(await statusOf(userData(unsigned))).toBe(401);
      expect(await statusOf(callWithStatus(t.app, unsigned, 'dashboard'))).toBe(401);
    });

    it('refuses a validly signed token without an expiry: a session never lasts for ever', async () => {
      const forever = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(customer.user._id).setIssuedAt().sign(t.app.sessionKey);
      await expectRefused(userData(forever), 401, MESSAGES.notAuthorized);
      // The same token with an expiry opens the account: only the missing exp was refused.
      const withExpiry = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.user._id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(t.app.sessionKey);
      expect(await statusOf(userData(withExpiry))).toBe(200);
    });

    it('refuses a token whose session version is not a whole number', async () => {
      for (const sv of ['0', -1, 1.5, null]) {
        const token = await new SignJWT({ sv })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(customer.user._id)
          .setExpirationTime('1h')
          .sign(t.app.sessionKey);
        expect(await statusOf(userData(token)), JSON.stringify(sv)).toBe(401);
      }
    });

    it('refuses a validly signed token naming no account', async () => {
      for (const sub of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('1h').sign(t.app.sessionKey);
        expect(await statusOf(userData(token))).toBe(401);
      }
    });
  });

  describe('owner-only calls', () => {
    const dashboard = (token?: string) => callWithStatus(t.app, token, 'dashboard');

    it('answer 401 to a visitor, 403 to a customer, and let an owner in', async () => {
      await expectRefused(dashboard(), 401, MESSAGES.notAuthorized);
      await expectRefused(dashboard(customer.token), 403, MESSAGES.staffOnly);
      expect((await dashboard(owner.token)).status).toBe(200);
    });

    it('follow the account as it is now: a demoted owner loses access with the same token, and logs in again as a customer', async () => {
      const staff = await createOwner(t.app);
      expect((await dashboard(staff.token)).status).toBe(200);
      // However the role changes (here an UPDATE typed by hand), the database ends the sessions.
      await t.db.update(users).set({ role: 'user' }).where(eq(users.id, staff.user._id));
      await expectRefused(dashboard(staff.token), 401, MESSAGES.sessionExpired);
      const again = (await login(staff.user.email, staff.password)).answer.token;
      expect(await statusOf(dashboard(again))).toBe(403);
      expect((await userData(again)).answer.user.role).toBe('user');
    });

    it('a deleted account loses access with the same token', async () => {
      const gone = await registerCustomer(t.app);
      await t.db.delete(users).where(eq(users.id, gone.user._id));
      await expectRefused(userData(gone.token), 401, MESSAGES.notAuthorized);
    });
  });

  describe('sessions end when the password or the role changes (session version)', () => {
    it('a password change or reset ends every session of the account, and only of that account', async () => {
      const person = await registerCustomer(t.app);
      const laptop = (await login(person.user.email, TEST_PASSWORD)).answer.token;
      const bystander = await registerCustomer(t.app);
      const newHash = await hashPassword('a-brand-new-password');
      await t.db.update(users).set({ passwordHash: newHash }).where(eq(users.id, person.user._id));
      for (const token of [person.token, laptop]) {
        await expectRefused(userData(token), 401, MESSAGES.sessionExpired);
      }
      expect(await statusOf(userData(bystander.token))).toBe(200);
      const again = await login(person.user.email, 'a-brand-new-password');
      expect(again.status).toBe(200);
      expect((await userData(again.answer.token)).status).toBe(200);
    });

    it('other changes to the account (name, picture) leave its sessions alone', async () => {
      const person = await registerCustomer(t.app);
      await t.db.update(users).set({ name: 'A New Name' }).where(eq(users.id, person.user._id));
      expect((await userData(person.token)).answer.user.name).toBe('A New Name');
    });

    it('promotion ends the sessions too: a token from before cannot open the owner area', async () => {
      const person = await registerCustomer(t.app);
      const [{ sessionVersion }] = (await t.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, person.user._id))) as [
        { sessionVersion: number },
      ];
      await promoteToOwner(t.db, person.user.email);
      expect(await statusOf(callWithStatus(t.app, person.token, 'dashboard'))).toBe(401);
      // A token signed with the account's old version (as the old session had) is refused; the new version works.
      expect(await statusOf(userData(await signSessionToken(t.app.sessionKey, person.user._id, sessionVersion)))).toBe(401);
      expect(await statusOf(userData(await signSessionToken(t.app.sessionKey, person.user._id, sessionVersion + 1)))).toBe(200);
    });
  });
});
