/**
 * The demo's logins, printed at every demo start and not only the first: a newcomer who stops the
 * demo and starts it again would otherwise be left with accounts nobody can log in to. The
 * generated passwords are kept in the settings table under a key that backups leave out (its name
 * holds "password", see backup/tables.ts), and are printed only while they still open the account:
 * a password changed since is never shown, nor guessed at.
 */
import { eq, inArray } from 'drizzle-orm';
import { settings, users } from '../db/schema';
import type { Database } from '../db/types';
import { verifyPassword } from '../security/passwords';
import { userEmail } from '../db/userEmail';

const DEMO_LOGINS_SETTING = 'demo_passwords';

type Log = { info: (msg: string) => void };
export type DemoLogin = { email: string; password: string };

/** Called inside the seeding transaction, for the accounts the demo itself created. */
export async function keepDemoLogins(db: Database, logins: DemoLogin[]): Promise<void> {
  const value = JSON.stringify(Object.fromEntries(logins.map((l) => [l.email, l.password])));
  await db.insert(settings).values({ key: DEMO_LOGINS_SETTING, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** How the log names a demo account: "Demo owner", "Demo counter agent" or "Demo customer". */
export function demoLoginLabel(account: { role: string; staffRole?: string | null }): string {
  if (account.role !== 'owner') return 'Demo customer';
  return account.staffRole === 'agent' ? 'Demo counter agent' : 'Demo owner';
}

/** One line per demo account: its login while the demo's password still opens it. */
export async function printDemoLogins(db: Database, log: Log): Promise<void> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEMO_LOGINS_SETTING));
  if (!row) return;
  let kept: Record<string, string>;
  try {
    kept = JSON.parse(row.value) as Record<string, string>;
  } catch {
    return;
  }
  const emails = Object.keys(kept);
  if (emails.length === 0) return;
  const accounts = await db
    .select({ email: userEmail, role: users.role, staffRole: users.staffRole, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, emails));
  // In the order of the first start: the owner, the customers, the agent.
  accounts.sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
  for (const account of accounts) {
    const label = demoLoginLabel(account);
    const password = kept[account.email]!;
    const stillWorks = await verifyPassword(account.passwordHash, password);
    log.info(stillWorks ? `${label}: ${account.email} / ${password}` : `${label}: ${account.email} (password changed since the demo began)`);
  }
}
