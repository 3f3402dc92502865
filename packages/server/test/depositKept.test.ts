/**
 * The part of a security deposit kept at return is worked out in SQL by the check-in's one statement
 * (bookings/returnMoney.ts depositKept) and in the contract by settleDeposit, which the check-out
 * screen and the receipt read: the two must agree for every deposit and balance, owed or over-paid.
 */
import { settleDeposit } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/types';
import { depositKept } from '../src/features/bookings/returnMoney';
import { createTestDatabase, describeDatabase, type TestDatabase } from './helpers';

describe(`the deposit kept at return (${describeDatabase})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is what settleDeposit keeps, for deposits and balances on both sides of each other and of nothing', async () => {
    const deposits = [0, 1, 15_000, 50_000];
    const balances = [-20_000, -1, 0, 1, 14_999, 15_000, 15_001, 49_999, 50_000, 50_001, 1_234_567];
    const pairs = deposits.flatMap((deposit) => balances.map((balance) => ({ deposit, balance })));
    const rows = await queryRows<{ i: number; kept: number }>(
      database.db,
      sql.join(
        pairs.map(({ deposit, balance }, i) => sql`SELECT ${i}::integer AS i, ${depositKept(deposit, sql`${balance}::bigint`)} AS kept`),
        sql` UNION ALL `,
      ),
    );
    const fromSql = new Map(rows.map((row) => [Number(row.i), Number(row.kept)]));
    for (const [i, { deposit, balance }] of pairs.entries()) {
      expect({ deposit, balance, kept: fromSql.get(i) }).toEqual({ deposit, balance, kept: settleDeposit(deposit, balance, false).kept });
    }
  });
});
