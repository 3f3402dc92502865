/**
 * The first owner without a password in any log. When no owner exists and none
 * is configured, the server prints one plain line on its console (not in the JSON log, which log
 * stores keep for ever) with a one-time setup address, /setup?token=...; there the first owner
 * chooses their name, e-mail and password. Only the token's hash is stored (settings table, one row
 * per printed address, so each instance and each restart prints one that works); the token works
 * once and only while no owner exists, and every stored token goes once an owner exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, type SetupOwnerBody } from '@rental/contract';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { settings, users } from '../../db/schema';
import { type Database, isUniqueViolation } from '../../db/types';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { hashPassword } from '../../security/passwords';
import { signSessionToken } from '../auth';
import { BOOTSTRAP_LOCK_KEY } from './bootstrap';

const SETUP_TOKEN_PREFIX = 'owner_setup:';

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function ownerExists(db: Pick<Database, 'select'>): Promise<boolean> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).limit(1);
  return owner !== undefined;
}

/** Where the site is reached: PUBLIC_URL, else this machine at the port the server listens on. */
export function siteAddress(config: Pick<Config, 'publicUrl' | 'host'>, port: number): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

/**
 * A new setup address when the site has no owner and none is configured (OWNER_EMAIL); nothing
 * otherwise (and setup tokens left from before an owner existed are removed). Returns the address.
 */
export async function createOwnerSetup(db: Database, config: Pick<Config, 'ownerEmail' | 'publicUrl' | 'host'>, port: number): Promise<string | undefined> {
  if (config.ownerEmail) return undefined;
  if (await ownerExists(db)) {
    await db.delete(settings).where(like(settings.key, `${SETUP_TOKEN_PREFIX}%`));
    return undefined;
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(settings).values({ key: `${SETUP_TOKEN_PREFIX}${tokenHash(token)}`, value: new Date().toISOString() });
  return `${siteAddress(config, port)}/setup?token=${token}`;
}

/**
 * Called by main.ts once the server listens: prints the setup address as one plain console line
 * when the site needs its first owner.
 */
export async function announceOwnerSetup(
  db: Database,
  config: Pick<Config, 'ownerEmail' | 'publicUrl' | 'host'>,
  port: number,
  print: (line: string) => void = console.log,
): Promise<string | undefined> {
  const address = await createOwnerSetup(db, config, port);
  if (address) print(`No owner account yet. Open ${address} to choose the owner's e-mail and password (the address works once).`);
  return address;
}

export type SetupFailure = 'owner-exists' | 'invalid-token' | 'email-taken';

export class OwnerSetupError extends Error {
  override name = 'OwnerSetupError';
  constructor(readonly reason: SetupFailure) {
    super(reason);
  }
}

/** Creates the first owner if the token is one the server printed and there is still no owner. */
export async function createFirstOwner(db: Database, input: SetupOwnerBody): Promise<{ id: string; sessionVersion: number }> {
  // Hashed before the transaction: argon2 is slow and the lock should be short.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // The same lock as the start's owner bootstrap: one first owner, however many ask at once.
      await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
      if (await ownerExists(tx)) throw new OwnerSetupError('owner-exists');
      const [stored] = await tx
        .select({ key: settings.key })
        .from(settings)
        .where(eq(settings.key, `${SETUP_TOKEN_PREFIX}${tokenHash(input.token)}`));
      if (!stored) throw new OwnerSetupError('invalid-token');
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      // Never an existing account: whoever registered the address is not made the owner.
      if (taken) throw new OwnerSetupError('email-taken');
      const [created] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, role: 'owner' })
        .returning({ id: users.id, sessionVersion: users.sessionVersion });
      if (!created) throw new Error('The new owner account was not returned by the database.');
      // Every printed address stops working: there is an owner now.
      await tx.delete(settings).where(like(settings.key, `${SETUP_TOKEN_PREFIX}%`));
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new OwnerSetupError('email-taken');
    throw err;
  }
}

const FAILURES: Record<SetupFailure, () => HttpError> = {
  'owner-exists': () => new HttpError(409, MESSAGES.ownerExists),
  'invalid-token': () => new HttpError(404, MESSAGES.setupLinkInvalid),
  'email-taken': () => new HttpError(409, MESSAGES.emailTaken),
};

export interface OwnerSetupRoutesOptions {
  /** The register limit (attempts per address), or none. */
  config?: FastifyContextConfig;
}

const ownerSetupRoutes: FastifyPluginAsync<OwnerSetupRoutesOptions> = async (app, options) => {
  addEndpoint(
    app,
    'setupOwner',
    async (request) => {
      let created: { id: string; sessionVersion: number };
      try {
        created = await createFirstOwner(app.db, request.body);
      } catch (err) {
        if (err instanceof OwnerSetupError) throw FAILURES[err.reason]();
        throw err;
      }
      request.log.warn({ userId: created.id }, 'First owner account created through the setup address.');
      const token = await signSessionToken(app.sessionKey, created.id, created.sessionVersion);
      return { success: true as const, token, message: MESSAGES.ownerCreated };
    },
    { config: options.config ?? {} },
  );
};

export default ownerSetupRoutes;
