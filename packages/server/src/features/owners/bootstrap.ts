/**
 * The first owner (DESIGN.md "Who may do what"): no HTTP call makes anyone an owner, so owners come
 * from the settings at start (OWNER_EMAIL / OWNER_PASSWORD), from a generated account when there is
 * none at all, or from the owner command line tool.
 */
import { randomBytes } from 'node:crypto';
import { COMPANY, emailSchema } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Database } from '../../db/types';
import { hashPassword } from '../auth/passwords';

export interface BootstrapLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export type OwnerBootstrap =
  | { action: 'created'; email: string }
  | { action: 'promoted'; email: string }
  | { action: 'unchanged'; email: string }
  | { action: 'generated'; email: string; password: string }
  | { action: 'none-needed' };

/** Same key on every instance: two starting together must not both create an owner. */
const BOOTSTRAP_LOCK_KEY = 72_546_002;

function companyDomain(): string {
  return COMPANY.email.split('@')[1] || 'localhost';
}

function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * OWNER_EMAIL given: that account becomes an owner. When it exists it is promoted and keeps its
 * own password (the setting only seeds a new account, so a restart never resets a password the
 * owner has since changed). When it does not exist it is created with OWNER_PASSWORD, or with a
 * generated one-time password printed once in the log.
 * Nothing given and no owner yet: an owner@<company domain> account is created the same way.
 */
export async function bootstrapOwner(
  db: Database,
  settings: { ownerEmail?: string; ownerPassword?: string },
  log: BootstrapLog,
): Promise<OwnerBootstrap> {
  const wanted = settings.ownerEmail?.trim().toLowerCase();
  const givenPassword = settings.ownerPassword;
  // Hashed before the transaction: argon2 is slow and the lock should be short.
  const password = givenPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);

  const result = await db.transaction(async (tx): Promise<OwnerBootstrap> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if (wanted) {
      const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, wanted));
      if (existing) {
        if (existing.role === 'owner') return { action: 'unchanged', email: wanted };
        await tx.update(users).set({ role: 'owner' }).where(eq(users.id, existing.id));
        return { action: 'promoted', email: wanted };
      }
      await tx.insert(users).values({ name: 'Owner', email: wanted, passwordHash, role: 'owner' });
      return givenPassword ? { action: 'created', email: wanted } : { action: 'generated', email: wanted, password };
    }
    const [anyOwner] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).limit(1);
    if (anyOwner) return { action: 'none-needed' };
    // Never promote a customer who happens to hold the address: pick a free one instead.
    for (let attempt = 0; ; attempt++) {
      const email = attempt === 0 ? `owner@${companyDomain()}` : `owner-${randomBytes(3).toString('hex')}@${companyDomain()}`;
      const inserted = await tx
        .insert(users)
        .values({ name: 'Owner', email, passwordHash, role: 'owner' })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length > 0) return { action: 'generated', email, password };
    }
  });

  switch (result.action) {
    case 'created':
      log.info(`Owner account ${result.email} created from OWNER_EMAIL/OWNER_PASSWORD.`);
      break;
    case 'promoted':
      log.info(`Account ${result.email} promoted to owner (OWNER_EMAIL); its password is unchanged.`);
      break;
    case 'generated':
      // Printed once: the next start finds the owner and prints nothing.
      log.warn(
        `Owner account created: ${result.email} with the one-time password ${result.password} . ` +
          'Log in and keep it safe; it is not shown again.',
      );
      break;
    default:
      break;
  }
  return result;
}

export class NoSuchAccountError extends Error {
  override name = 'NoSuchAccountError';
}

/** Makes an existing account an owner (the owner command line tool). */
export async function promoteToOwner(db: Database, email: string): Promise<{ email: string; name: string; wasOwner: boolean }> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new NoSuchAccountError(`"${email}" is not a valid e-mail address.`);
  const normalized = parsed.data;
  const [account] = await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(eq(users.email, normalized));
  if (!account) {
    throw new NoSuchAccountError(`No account with the e-mail ${normalized}. The person must first register on the site, then run this again.`);
  }
  if (account.role !== 'owner') await db.update(users).set({ role: 'owner' }).where(eq(users.id, account.id));
  return { email: normalized, name: account.name, wasOwner: account.role === 'owner' };
}
