/** The letters of accounts: the ones with a one-time link carry it from the event's secret, never kept. */
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { userEmail } from '../../../db/userEmail';
import type { LetterMakers } from '../fromEvents';
import { LINK_TOKEN_PLACEHOLDER, type Tx } from '../outbox';
import { welcomeLetter } from '../welcomeLetter';

/** An account's name and e-mail as the letter addresses them. */
export async function accountOf(tx: Tx, userId: string): Promise<{ name: string; email: string }> {
  const [row] = await tx.select({ name: users.name, email: userEmail }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`account ${userId} vanished inside its own transaction`);
  return row;
}

export const accountMakers: LetterMakers = {
  // A customer staff booked for: the link to choose a password (a walk-in without an e-mail gets none: enqueue skips it).
  async customer_welcomed(tx, event, { mail, company }) {
    const account = await accountOf(tx, event.data.userId);
    return [{ ...welcomeLetter(account, LINK_TOKEN_PLACEHOLDER, await company(), mail), linkToken: event.secret }];
  },
};
