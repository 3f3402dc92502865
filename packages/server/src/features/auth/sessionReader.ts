/**
 * Who is asking: the account behind a session token, read fresh for every request (a deleted account
 * or a changed password ends its sessions at once), but cheaply on a busy moment:
 *
 * - The token's signature is checked synchronously (sessionTokens.ts).
 * - The accounts of the requests read in one turn of the event loop are read with one query
 *   (DataLoader, no cache: every request still sees the account as it is now).
 */
import type { Role, StaffRole } from '@rental/contract';
import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Database } from '../../db/types';
import { type SessionKey, sessionTokenChecker, type TokenCheck } from './sessionTokens';
import { bookingSessionChecker, type BookingSessionCheck } from './bookingSessions';
import { userEmail } from '../../db/userEmail';

export interface SessionAccount {
  id: string;
  role: Role;
  /** Staff only: which of the team's roles. */
  staffRole: StaffRole | null;
  name: string;
  email: string;
  imageId: string | null;
  phone: string | null;
  sessionVersion: number;
}

export interface SessionReader {
  checkToken(token: string): TokenCheck;
  /** A booking's one-time sign-in session (bookingSessions.ts): only the bookingHolder guard lets it in. */
  checkBookingToken(token: string): BookingSessionCheck;
  /** The account now, or undefined when it no longer exists. */
  account(userId: string): Promise<SessionAccount | undefined>;
}

export function createSessionReader(db: Database, key: SessionKey): SessionReader {
  // One statement text whatever the number of ids, prepared once per connection.
  const readAccounts = db
    .select({
      id: users.id,
      role: users.role,
      staffRole: users.staffRole,
      name: users.name,
      email: userEmail,
      imageId: users.imageId,
      phone: users.phone,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('session_accounts');
  const accounts = new DataLoader<string, SessionAccount | undefined>(
    async (ids) => {
      const rows = await readAccounts.execute({ ids: [...ids] });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    },
    // After this turn's I/O, so requests read together share the query; never cached between requests.
    { cache: false, batchScheduleFn: (send) => setImmediate(send), maxBatchSize: 200 },
  );

  return {
    checkToken: sessionTokenChecker(key),
    checkBookingToken: bookingSessionChecker(key),
    account: (userId) => accounts.load(userId),
  };
}
