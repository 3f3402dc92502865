/**
 * The first owner (DESIGN.md "Who may do what"): no HTTP call makes anyone an owner on its own, so
 * owners come from the settings at start (OWNER_EMAIL / OWNER_PASSWORD), from the one-time setup
 * address printed when there is none at all (./setup.ts), or from the owner command line tool.
 * No password is ever generated into the log.
 */
import { COMPANY, emailSchema } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Database } from '../../db/types';
import { hashPassword } from '../../security/passwords';
import { userEmail } from '../../db/userEmail';

export interface BootstrapLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export type OwnerBootstrap =
  | { action: 'created'; email: string }
  | { action: 'promoted'; email: string }
  | { action: 'unchanged'; email: string }
  /** An owner exists and none is configured. */
  | { action: 'none-needed' }
  /** No owner and none configured: the first owner comes through the setup address (./setup.ts). */
  | { action: 'setup-needed' };

/** Same key on every instance: two starting together must not both create an owner. */
export const BOOTSTRAP_LOCK_KEY = 72_546_002;

/** The settings cannot make an owner as they are: the start stops with this sentence. */
export class OwnerSettingsError extends Error {
  override name = 'OwnerSettingsError';
}

export function companyDomain(): string {
  return COMPANY.email.split('@')[1] || 'localhost';
}

/**
 * OWNER_EMAIL given and that account already an owner: nothing changes (a restart never resets a
 * password the owner has changed since).
 * OWNER_EMAIL given and no such account: it is created with OWNER_PASSWORD.
 * OWNER_EMAIL given and the account is a customer's: it is promoted, its password becomes
 * OWNER_PASSWORD and every session of it ends (the database raises its session version). Someone
 * who registered the address before the company set it keeps nothing: not the password, not a
 * session.
 * In both of the last two cases OWNER_PASSWORD is required; without it the start stops with
 * OwnerSettingsError (a generated password would have to be printed, and logs keep it for ever).
 * Nothing given: nothing is created here; 'setup-needed' when no owner exists yet.
 */
export async function bootstrapOwner(db: Database, settings: { ownerEmail?: string; ownerPassword?: string }, log: BootstrapLog): Promise<OwnerBootstrap> {
  const wanted = settings.ownerEmail?.trim().toLowerCase();
  const givenPassword = settings.ownerPassword;
  // Hashed before the transaction: argon2 is slow and the lock should be short.
  const passwordHash = wanted && givenPassword ? await hashPassword(givenPassword) : undefined;

  const result = await db.transaction(async (tx): Promise<OwnerBootstrap> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if (wanted) {
      const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, wanted));
      if (existing?.role === 'owner') return { action: 'unchanged', email: wanted };
      if (!passwordHash) {
        throw new OwnerSettingsError(
          existing
            ? `OWNER_EMAIL names the existing customer account ${wanted}. To make it the owner, also set OWNER_PASSWORD: ` +
                "it replaces that account's password and ends its sessions, so whoever registered the address keeps no access."
            : `OWNER_EMAIL is set but OWNER_PASSWORD is not: set OWNER_PASSWORD (at least 8 characters) to create the owner account ${wanted}.`,
        );
      }
      if (existing) {
        await tx.update(users).set({ role: 'owner', passwordHash }).where(eq(users.id, existing.id));
        return { action: 'promoted', email: wanted };
      }
      await tx.insert(users).values({ name: 'Owner', email: wanted, passwordHash, role: 'owner' });
      return { action: 'created', email: wanted };
    }
    const [anyOwner] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).limit(1);
    return anyOwner ? { action: 'none-needed' } : { action: 'setup-needed' };
  });

  switch (result.action) {
    case 'created':
      log.info(`Owner account ${result.email} created from OWNER_EMAIL/OWNER_PASSWORD.`);
      break;
    case 'promoted':
      log.warn(`Account ${result.email} promoted to owner (OWNER_EMAIL): its password is now OWNER_PASSWORD and its sessions have ended.`);
      break;
    default:
      break;
  }
  return result;
}

export class NoSuchAccountError extends Error {
  override name = 'NoSuchAccountError';
}

export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'owner';
  createdAt: Date;
}

/** The account an owner tool is about to change, so the person running it can see whose it is. */
export async function findAccount(db: Database, email: string): Promise<AccountSummary> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new NoSuchAccountError(`"${email}" is not a valid e-mail address.`);
  const normalized = parsed.data;
  const [account] = await db
    .select({ id: users.id, email: userEmail, name: users.name, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.email, normalized));
  if (!account) {
    throw new NoSuchAccountError(`No account with the e-mail ${normalized}. The person must first register on the site, then run this again.`);
  }
  return account;
}

/**
 * Makes an existing account an owner (the owner command line tool). The change of role ends every
 * session of the account (the database raises its session version): the person logs in again.
 */
export async function promoteToOwner(db: Database, email: string): Promise<{ email: string; name: string; wasOwner: boolean; sessionVersion: number }> {
  const account = await findAccount(db, email);
  if (account.role === 'owner') {
    const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, account.id));
    return { email: account.email, name: account.name, wasOwner: true, sessionVersion: row?.sessionVersion ?? 0 };
  }
  const [updated] = await db.update(users).set({ role: 'owner' }).where(eq(users.id, account.id)).returning({ sessionVersion: users.sessionVersion });
  return { email: account.email, name: account.name, wasOwner: false, sessionVersion: updated?.sessionVersion ?? 0 };
}
