/**
 * An erased customer's words leave the statements' lines too: the bank's description may name them
 * (a transfer "FROM MARCIA CAMPBELL") and a match's reason does ("the renter's name (...) is in the
 * description"). The line's date, amount, bank id and the booking it paid stay: they are the books.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import { likeAny, type Scrub } from '../../security/personalWords';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function eraseWordsFromStatements(tx: Tx, scrub: Scrub): Promise<void> {
  const any = likeAny(scrub);
  if (!any) return;
  const naming = await queryRows<{ id: string; description: string; reason: string | null }>(
    tx,
    sql`SELECT id, description, reason FROM bank_statement_lines
         WHERE description ILIKE ANY (${any}) OR reason ILIKE ANY (${any})`,
  );
  if (naming.length === 0) return;
  const rewritten = naming.map((line) => ({ id: line.id, description: scrub(line.description), reason: line.reason === null ? null : scrub(line.reason) }));
  await tx.execute(sql`
    UPDATE bank_statement_lines l SET description = r.description, reason = r.reason
      FROM jsonb_to_recordset(${JSON.stringify(rewritten)}::jsonb) AS r(id uuid, description text, reason text)
     WHERE l.id = r.id`);
}
