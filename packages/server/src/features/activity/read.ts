/**
 * Reading the history (migrations/0008_activity.sql writes it, by triggers). Newest first, in
 * keyset pages on the entry's id: a page never repeats or skips an entry, however many are added
 * meanwhile, and the deepest page costs one index walk.
 */
import { type ActivityEntry, type ActivityKind, ACTIVITY_PAGE_SIZE } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';

export interface ActivityPage {
  entries: ActivityEntry[];
  nextCursor: string | null;
}

interface Row {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  subject: ActivityKind;
  subject_id: string;
  action: ActivityEntry['action'];
  subject_name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function listActivity(db: Database, options: { limit?: number; cursor?: string; kind?: ActivityKind } = {}): Promise<ActivityPage> {
  const limit = options.limit ?? ACTIVITY_PAGE_SIZE;
  // Only the conditions asked for, so the plan is one walk of the primary key or of (subject, id).
  const conditions = [sql`true`];
  if (options.kind) conditions.push(sql`a.subject = ${options.kind}`);
  if (options.cursor) conditions.push(sql`a.id < ${options.cursor}::bigint`);
  // The subject's name is read now (a car renamed since shows its current name); the CASEs keep
  // the text-to-uuid casts to the rows that hold an id ("1" names the bank details).
  const rows = await queryRows<Row>(
    db,
    sql`SELECT a.id::text AS id, a.at, a.actor_id, u.name AS actor_name, a.subject, a.subject_id, a.action, a.before,
          -- A booking staff made for a customer names them by id (no personal words kept): their name is read now.
          CASE WHEN a.subject = 'booking' AND a.action = 'added' AND a.after ? 'made_for'
            THEN a.after || jsonb_build_object('customer', (SELECT name FROM users WHERE id = (a.after->>'made_for')::uuid))
            ELSE a.after END AS after,
          coalesce(b.reference, c.brand || ' ' || c.model, p.name, si.email,
            -- A card payment by its order id, an extra by its name (both kept in the entry itself).
            CASE WHEN a.subject = 'payment' THEN coalesce(a.after, a.before)->>'order_id'
                 WHEN a.subject = 'prices' THEN coalesce(a.after, a.before)->>'name'
                 -- A day's cash-up by its day and whose (a reopening's entry holds only what changed).
                 WHEN a.subject = 'cash_up' THEN (SELECT to_char(cu.day, 'YYYY-MM-DD') || ', ' || coalesce((SELECT name FROM users WHERE id = cu.staff_id), 'whole desk')
                                                    FROM cash_ups cu WHERE cu.id = a.subject_id::uuid) END, '') AS subject_name
        FROM activity a
        LEFT JOIN users u ON u.id = a.actor_id
        LEFT JOIN LATERAL (
          SELECT reference FROM bookings WHERE id = CASE WHEN a.subject = 'booking' THEN a.subject_id::uuid END
        ) b ON true
        LEFT JOIN LATERAL (
          SELECT brand, model FROM cars WHERE id = CASE
            WHEN a.subject = 'car' THEN a.subject_id::uuid
            WHEN a.subject = 'block' THEN (coalesce(a.after, a.before)->>'car_id')::uuid
            -- A damage by its car (a repair's entry holds only what changed).
            WHEN a.subject = 'damage' THEN (SELECT car_id FROM car_damages WHERE id = a.subject_id::uuid)
          END
        ) c ON true
        LEFT JOIN LATERAL (
          SELECT name FROM users WHERE id = CASE WHEN a.subject IN ('customer', 'staff') THEN a.subject_id::uuid END
        ) p ON true
        -- A staff invitation by the address it went to (a member's entry is named by the user above).
        LEFT JOIN LATERAL (
          SELECT email FROM staff_invitations WHERE id = CASE WHEN a.subject = 'staff' THEN a.subject_id::uuid END
        ) si ON true
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY a.id DESC
        LIMIT ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      _id: row.id,
      at: new Date(row.at).toISOString(),
      actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? 'A former account' } : null,
      kind: row.subject,
      action: row.action,
      subjectId: row.subject_id,
      subjectName: row.subject_name,
      before: row.before,
      after: row.after,
    })),
    nextCursor: rows.length > limit ? page.at(-1)!.id : null,
  };
}
