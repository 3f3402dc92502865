/**
 * Older history for the big benchmarks: confirmed 3-day rentals before the seed's year (more than
 * 182 days ago), spread over every car, so the bookings table has the size a busy company's would
 * without changing which days are reserved now. Written straight into the database before the
 * server starts (on PGlite the server then holds the folder).
 *
 * Written as a restore writes (backup/restore.ts): with rental.restoring on, the bookings' row
 * triggers that keep figures stand aside (each one recounted a booking's months: ~10 ms a booking,
 * three hours for a million), and the kept figures are counted afresh from the tables at the end,
 * as a restore's end does. What the stood-aside triggers would have written is written here in bulk:
 * each booking's folio (one rental line of its price, as a booking without a quote gets) and its
 * payment status (unpaid: its folio has no payment). The days each booking takes are still claimed
 * row by row by their own trigger, which does not stand aside.
 */
import { session } from './session.mjs';

const TOP_UP = `
  WITH car AS (SELECT id, price_per_day, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM cars),
       customer AS (SELECT id FROM users WHERE role = 'user' ORDER BY id LIMIT 1)
  , added AS (
  INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, status, payment_method, payment_status, created_at, reference)
  SELECT car.id, customer.id, current_date - 190 - 4 * k, current_date - 188 - 4 * k, car.price_per_day * 3, 'confirmed', 'upfront', 'unpaid', now(),
         -- Numbered references: a hundred thousand random ones would clash on the unique index (birthday odds).
         'WR-' || (SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (((car.n + k * car.total) / (32 ^ i)::bigint) % 32)::int, 1), '' ORDER BY i)
                     FROM generate_series(0, 5) AS i)
    FROM car CROSS JOIN customer CROSS JOIN generate_series(0, ceil($1::numeric / (SELECT count(*) FROM cars))::int - 1) AS k
   WHERE car.n + k * car.total < $1
  -- A numbered reference may equal one the seed drew at random (a few in a million): that booking is left out.
  ON CONFLICT (reference) DO NOTHING
  RETURNING id, price)
  INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
  SELECT id, 'rental', 'Rental', price, 0, NULL FROM added`;

/**
 * Adds `count` bookings (less any whose numbered reference the seed had drawn) in one transaction, then
 * counts the kept figures from the tables; returns how many it added.
 */
export async function topUpHistory(target, count) {
  const sql = await session(target);
  try {
    await sql.write('BEGIN');
    try {
      await sql.write("SET LOCAL rental.restoring = 'on'");
      // The outer INSERT writes one folio line for each booking added: its count is theirs.
      const added = await sql.write(TOP_UP, [count]);
      await sql.query('SELECT derived.fleet_figures_rebuild()');
      await sql.query('SELECT derived.booking_figures_rebuild()');
      await sql.write('COMMIT');
      return added;
    } catch (err) {
      await sql.write('ROLLBACK');
      throw err;
    }
  } finally {
    await sql.close();
  }
}
