/**
 * The first owner through the one-time setup address: printed on the console
 * (never a password in the log) when no owner exists and none is configured; it works once, and
 * only while there is no owner.
 */
import { type BodyInputOf, MESSAGES } from '@rental/contract';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { settings, users } from '../src/db/schema';
import { bootstrapOwner } from '../src/features/firstOwner/bootstrap';
import { announceOwnerSetup, createOwnerSetup } from '../src/features/firstOwner/setup';
import { callWithStatus, createTestApp, describeDatabase, outcomeOf, registerCustomer, TEST_PASSWORD, type TestApp, testApi, uniqueEmail } from './helpers';

const NO_OWNER = { ownerEmail: undefined, publicUrl: undefined, host: '0.0.0.0' };

function tokenOf(address: string): string {
  const token = new URL(address).searchParams.get('token');
  if (!token) throw new Error(`no token in ${address}`);
  return token;
}

/** The setup page's form, answered with its status and the answer or refusal. */
function setup(app: FastifyInstance, body: BodyInputOf<'setupOwner'>) {
  return outcomeOf(callWithStatus(app, undefined, 'setupOwner', { body }));
}

const owner = (token: string, email = uniqueEmail('first-owner')) => ({ token, name: 'Maxine Brown', email, password: 'a-long-owner-password' });

let shared: TestApp | undefined;

/**
 * One app for the file (a fresh database costs seconds on a busy machine), emptied before each test:
 * every test starts from a site with no accounts and no setup address, whatever ran before it.
 */
async function withApp(run: (t: TestApp) => Promise<void>): Promise<void> {
  shared ??= await createTestApp();
  await shared.db.delete(settings).where(like(settings.key, 'owner_setup:%'));
  await shared.db.delete(users);
  await run(shared);
}

afterAll(async () => {
  await shared?.close();
});

async function ownerCount(t: TestApp): Promise<number> {
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'owner'))).length;
}

describe(`the one-time owner setup address (${describeDatabase})`, () => {
  it('is printed as one plain line (no password), from PUBLIC_URL or this machine and port', async () => {
    await withApp(async (t) => {
      const lines: string[] = [];
      const address = await announceOwnerSetup(t.db, NO_OWNER, 4321, (line) => lines.push(line));
      expect(address).toMatch(/^http:\/\/localhost:4321\/setup\?token=[\w-]{43}$/);
      expect(lines).toEqual([`No owner account yet. Open ${address} to choose the owner's e-mail and password (the address works once).`]);
      const behindProxy = await createOwnerSetup(t.db, { ...NO_OWNER, publicUrl: 'https://rent.example.com' }, 3000);
      expect(behindProxy).toMatch(/^https:\/\/rent\.example\.com\/setup\?token=/);
      // Only hashes are stored: the database (and its backups) never holds a working token.
      const stored = await t.db.select().from(settings).where(like(settings.key, 'owner_setup:%'));
      expect(stored).toHaveLength(2);
      for (const row of stored) {
        expect(row.key).not.toContain(tokenOf(address!));
        expect(row.key).not.toContain(tokenOf(behindProxy!));
      }
      // OWNER_EMAIL configured: the settings make the owner, no address is printed.
      const quiet: string[] = [];
      expect(await announceOwnerSetup(t.db, { ...NO_OWNER, ownerEmail: 'boss@example.com' }, 3000, (l) => quiet.push(l))).toBeUndefined();
      expect(quiet).toEqual([]);
    });
  });

  it('creates the owner once: the answer logs in as owner, and the address (and every other printed one) then stops working', async () => {
    await withApp(async (t) => {
      const first = tokenOf((await createOwnerSetup(t.db, NO_OWNER, 3000))!);
      const second = tokenOf((await createOwnerSetup(t.db, NO_OWNER, 3000))!);
      const body = owner(first);
      const res = await setup(t.app, body);
      expect(res.status).toBe(201);
      expect(res.answer).toEqual({ success: true, token: expect.any(String), message: MESSAGES.ownerCreated });
      const me = await testApi(t.app, res.answer!.token).call('userData');
      expect(me.user).toMatchObject({ name: 'Maxine Brown', email: body.email, role: 'owner' });
      expect((await callWithStatus(t.app, undefined, 'login', { body: { email: body.email, password: body.password } })).status).toBe(200);

      for (const token of [first, second]) {
        const again = await setup(t.app, owner(token));
        expect(again.status).toBe(409);
        expect(again.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.ownerExists });
      }
      expect(await ownerCount(t)).toBe(1);
      expect(await t.db.select().from(settings).where(like(settings.key, 'owner_setup:%'))).toEqual([]);
      // A restart finds the owner and prints nothing.
      const lines: string[] = [];
      expect(await announceOwnerSetup(t.db, NO_OWNER, 3000, (l) => lines.push(l))).toBeUndefined();
      expect(lines).toEqual([]);
    });
  });

  it('is refused once an owner exists some other way (OWNER_EMAIL at a later start)', async () => {
    await withApp(async (t) => {
      const token = tokenOf((await createOwnerSetup(t.db, NO_OWNER, 3000))!);
      await bootstrapOwner(t.db, { ownerEmail: uniqueEmail('boss'), ownerPassword: 'boss-password-1' }, { info: () => {}, warn: () => {} });
      const res = await setup(t.app, owner(token));
      expect(res.status).toBe(409);
      expect(res.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.ownerExists });
      expect(await ownerCount(t)).toBe(1);
    });
  });

  it('refuses a wrong or missing token, and never makes an existing account (whoever registered the address) the owner', async () => {
    await withApp(async (t) => {
      const token = tokenOf((await createOwnerSetup(t.db, NO_OWNER, 3000))!);
      for (const wrong of [`${token}x`, token.slice(1), 'a'.repeat(43)]) {
        const res = await setup(t.app, owner(wrong));
        expect(res.status).toBe(404);
        expect(res.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.setupLinkInvalid });
      }
      // No token at all: a body the contract's types would refuse, sent as it is.
      const missing = await t.app.inject({ method: 'POST', url: '/api/setup/owner', payload: { name: 'X', email: uniqueEmail(), password: TEST_PASSWORD } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: 'The setup address is incomplete. Please open the address the server printed.',
      });

      const squatter = await registerCustomer(t.app);
      const taken = await setup(t.app, owner(token, squatter.user.email));
      expect(taken.status).toBe(409);
      expect(taken.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.emailTaken });
      expect(await ownerCount(t)).toBe(0);
      // The address still works for a new account.
      expect((await setup(t.app, owner(token))).status).toBe(201);
    });
  });

  it('two people using two printed addresses at the same moment make one owner', async () => {
    await withApp(async (t) => {
      const tokens = [tokenOf((await createOwnerSetup(t.db, NO_OWNER, 3000))!), tokenOf((await createOwnerSetup(t.db, NO_OWNER, 3000))!)];
      const answers = await Promise.all(tokens.map((token) => setup(t.app, owner(token))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await ownerCount(t)).toBe(1);
    });
  });
});
