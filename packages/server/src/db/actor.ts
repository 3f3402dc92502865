import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './types';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Names who is making the changes of this transaction, for the database's own history triggers
 * (the activity log): they read `rental.actor_id` with current_setting. Local to the transaction,
 * so a pooled connection never carries one person's name into another's work. Without it (the
 * hold sweeper, the owner tool) the history says the system did it.
 */
export async function actAs(tx: Tx | Database, actorId: string | null): Promise<void> {
  await tx.execute(sql`SELECT set_config('rental.actor_id', ${actorId ?? ''}, true)`);
}

/**
 * The same, as a column of the transaction's first query, where each round trip counts (the
 * counter, whose transaction's one connection takes one query at a time): set as that query reads
 * its row, before the transaction changes anything. A query that finds no row sets nothing; its
 * caller refuses then, and changes nothing.
 */
export function actorColumn(actorId: string): SQL<string> {
  return sql<string>`set_config('rental.actor_id', ${actorId}, true)`;
}
