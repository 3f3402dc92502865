/**
 * The price rules (one row of JSON) and the extras (a row each, so a booking can lock the one whose
 * stock it takes). Staff save both at once; an extra left out is archived, never deleted, so the
 * bookings that have it keep it.
 */
import { DEFAULT_PRICE_RULES, type Extra, type PriceRules, type PricesBody } from '@rental/contract';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { extras, priceRules } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Stored rules over the defaults: a rule added in a later release reads its default until saved. */
function withDefaults(value: Partial<PriceRules> | undefined): PriceRules {
  return { ...DEFAULT_PRICE_RULES, ...value, delivery: { ...DEFAULT_PRICE_RULES.delivery, ...value?.delivery } };
}

export async function getPriceRules(db: Database | Tx): Promise<PriceRules> {
  const [row] = await db.select({ value: priceRules.value }).from(priceRules);
  return withDefaults(row?.value);
}

const extraColumns = {
  id: extras.id,
  name: extras.name,
  description: extras.description,
  charge: extras.charge,
  price: extras.price,
  maxPerBooking: extras.maxPerBooking,
  stock: extras.stock,
};

/** The extras on offer, in the order staff listed them. */
export async function listExtras(db: Database | Tx): Promise<Extra[]> {
  return db.select(extraColumns).from(extras).where(isNull(extras.archivedAt)).orderBy(asc(extras.position), asc(extras.createdAt));
}

/**
 * The version of the rules and the extras: the xmin (the writing transaction) of the rules' row and
 * of each extra's row. Every save writes the rules' row, and any write of a row changes its xmin (a
 * lock does not), so equal versions mean nothing was saved in between, by whichever instance.
 */
export const pricesVersion = sql<string>`SELECT (SELECT coalesce(max(xmin::text), '') FROM ${priceRules}) || '/' ||
  (SELECT coalesce(string_agg(xmin::text, ',' ORDER BY id), '') FROM ${extras} WHERE archived_at IS NULL) AS version`;

const MESSAGE_UNKNOWN_EXTRA = 'One of the extras is no longer on the list (someone else may have removed it). Please reload the page and save again.';

export async function savePrices(db: Database, staffId: string, body: PricesBody): Promise<{ rules: PriceRules; extras: Extra[] }> {
  const { extras: wanted, ...rules } = body;
  return db.transaction(async (tx) => {
    await actAs(tx, staffId);
    // One save at a time: two staff saving at once would otherwise archive each other's new extras.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('save prices', 0))`);
    await tx
      .insert(priceRules)
      .values({ id: 1, value: rules, updatedBy: staffId })
      .onConflictDoUpdate({ target: priceRules.id, set: { value: rules, updatedBy: staffId, updatedAt: sql`now()` } });
    // No list is not an empty list: the extras stay as they are.
    if (wanted === undefined) return { rules: withDefaults(rules), extras: await listExtras(tx) };

    const live = await tx.select({ id: extras.id }).from(extras).where(isNull(extras.archivedAt));
    const liveIds = new Set(live.map((e) => e.id));
    const kept = wanted.filter((e) => e.id !== undefined).map((e) => e.id!);
    if (kept.some((id) => !liveIds.has(id))) throw new HttpError(409, MESSAGE_UNKNOWN_EXTRA);
    const gone = [...liveIds].filter((id) => !kept.includes(id));
    // Archived first, so a new extra may take the name of one removed in the same save.
    if (gone.length > 0)
      await tx
        .update(extras)
        .set({ archivedAt: sql`now()` })
        .where(inArray(extras.id, gone));
    for (const [position, extra] of wanted.entries()) {
      const values = {
        name: extra.name,
        description: extra.description,
        charge: extra.charge,
        price: extra.price,
        maxPerBooking: extra.maxPerBooking,
        stock: extra.stock,
        position,
      };
      if (extra.id === undefined) await tx.insert(extras).values(values);
      else
        await tx
          .update(extras)
          .set({ ...values, updatedAt: sql`now()` })
          .where(sql`${extras.id} = ${extra.id} AND ${extras.archivedAt} IS NULL`);
    }
    return { rules: withDefaults(rules), extras: await listExtras(tx) };
  });
}
