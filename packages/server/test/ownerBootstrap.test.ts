/**
 * The first owner from the settings (OWNER_EMAIL / OWNER_PASSWORD) and promotion by the owner tool's
 * function: an address someone registered before the company set it gives them
 * nothing, and no password is ever generated into the log. The tool itself, run as a process, is in
 * owners.test.ts (slow suite).
 */
import { MESSAGES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { bootstrapOwner, NoSuchAccountError, OwnerSettingsError, promoteToOwner } from '../src/features/firstOwner/bootstrap';
import {
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  outcomeOf,
  registerCustomer,
  TEST_PASSWORD,
  type TestApp,
  testApi,
  uniqueEmail,
} from './helpers';

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (msg: string) => lines.push(msg), warn: (msg: string) => lines.push(msg) };
}

async function login(app: FastifyInstance, email: string, password: string) {
  return outcomeOf(callWithStatus(app, undefined, 'login', { body: { email, password } }));
}

async function roleOf(app: FastifyInstance, token: string): Promise<string> {
  return (await testApi(app, token).call('userData')).user.role;
}

describe(`the first owner (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const userData = (token: string) => outcomeOf(callWithStatus(t.app, token, 'userData'));

  it('with no owner and none configured, creates nothing and prints no password: the setup address is the way in', async () => {
    const fresh = await createTestApp();
    try {
      const log = recordingLog();
      expect(await bootstrapOwner(fresh.db, {}, log)).toEqual({ action: 'setup-needed' });
      expect(log.lines).toEqual([]);
      expect(await fresh.db.select({ id: users.id }).from(users)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('OWNER_EMAIL of an existing customer without OWNER_PASSWORD: refuses to start, changes nothing', async () => {
    const squatter = await registerCustomer(t.app);
    const attempt = bootstrapOwner(t.db, { ownerEmail: squatter.user.email }, recordingLog());
    await expect(attempt).rejects.toThrow(OwnerSettingsError);
    await expect(bootstrapOwner(t.db, { ownerEmail: squatter.user.email }, recordingLog())).rejects.toThrow(
      `OWNER_EMAIL names the existing customer account ${squatter.user.email}. To make it the owner, also set OWNER_PASSWORD`,
    );
    expect(await roleOf(t.app, squatter.token)).toBe('user');
    expect((await login(t.app, squatter.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('OWNER_EMAIL of an existing customer: promoted with OWNER_PASSWORD, and whoever registered it keeps no password and no session', async () => {
    const squatter = await registerCustomer(t.app);
    const log = recordingLog();
    const result = await bootstrapOwner(t.db, { ownerEmail: squatter.user.email.toUpperCase(), ownerPassword: 'the-company-password' }, log);
    expect(result).toEqual({ action: 'promoted', email: squatter.user.email });
    expect(log.lines.join('\n')).not.toContain('the-company-password');
    // The squatter's token ends, and their password no longer opens the account.
    const old = await userData(squatter.token);
    expect(old.status).toBe(401);
    expect(old.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.sessionExpired });
    expect((await login(t.app, squatter.user.email, TEST_PASSWORD)).status).toBe(401);
    const company = await login(t.app, squatter.user.email, 'the-company-password');
    expect(company.status).toBe(200);
    expect(await roleOf(t.app, company.answer!.token)).toBe('owner');
    // Later starts change nothing: a password the owner changed since is kept, sessions too.
    expect((await bootstrapOwner(t.db, { ownerEmail: squatter.user.email, ownerPassword: 'another-password' }, recordingLog())).action).toBe('unchanged');
    expect((await bootstrapOwner(t.db, { ownerEmail: squatter.user.email }, recordingLog())).action).toBe('unchanged');
    expect(await roleOf(t.app, company.answer!.token)).toBe('owner');
    expect((await login(t.app, squatter.user.email, 'another-password')).status).toBe(401);
  });

  it('OWNER_EMAIL and OWNER_PASSWORD of a new account create it, without printing the password', async () => {
    const email = uniqueEmail('boss');
    const log = recordingLog();
    expect(await bootstrapOwner(t.db, { ownerEmail: email, ownerPassword: 'boss-password-123' }, log)).toEqual({ action: 'created', email });
    expect(log.lines.join('\n')).not.toContain('boss-password-123');
    const res = await login(t.app, email, 'boss-password-123');
    expect(res.status).toBe(200);
    expect(await roleOf(t.app, res.answer!.token)).toBe('owner');
  });

  it('OWNER_EMAIL alone of a new account: refuses to start rather than print a generated password', async () => {
    const email = uniqueEmail('boss');
    await expect(bootstrapOwner(t.db, { ownerEmail: email }, recordingLog())).rejects.toThrow(
      `OWNER_EMAIL is set but OWNER_PASSWORD is not: set OWNER_PASSWORD (at least 8 characters) to create the owner account ${email}.`,
    );
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('with an owner and none configured, nothing to do', async () => {
    await createOwner(t.app);
    expect(await bootstrapOwner(t.db, {}, recordingLog())).toEqual({ action: 'none-needed' });
  });

  it('promoteToOwner promotes an existing account, ends its sessions, and explains a missing one', async () => {
    const customer = await registerCustomer(t.app);
    expect(await promoteToOwner(t.db, ` ${customer.user.email.toUpperCase()}`)).toMatchObject({ email: customer.user.email, wasOwner: false });
    expect((await userData(customer.token)).status).toBe(401);
    const again = await login(t.app, customer.user.email, TEST_PASSWORD);
    expect(await roleOf(t.app, again.answer!.token)).toBe('owner');
    expect(await promoteToOwner(t.db, customer.user.email)).toMatchObject({ wasOwner: true });
    // Already an owner: nothing changed, the new session goes on.
    expect(await roleOf(t.app, again.answer!.token)).toBe('owner');
    await expect(promoteToOwner(t.db, 'nobody@example.com')).rejects.toThrow(NoSuchAccountError);
    await expect(promoteToOwner(t.db, 'nobody@example.com')).rejects.toThrow(/must first register/);
    await expect(promoteToOwner(t.db, 'not an e-mail')).rejects.toThrow(NoSuchAccountError);
  });
});
