import { sql } from 'drizzle-orm';
import { users } from './schema';

/**
 * A user's e-mail address, '' when they have none (a walk-in customer staff booked for without one,
 * migrations/0021). Answers and letters read it so: a letter to '' is not written (mail/outbox.ts).
 */
export const userEmail = sql<string>`coalesce(${users.email}, '')`;
