-- The fleet report's kept figures (0045, decision 121) recount a booking in two statements instead
-- of five: the counted row locked, then one statement that reads the booking and its folio as they
-- are now (a snapshot taken after the lock, READ COMMITTED, as before), adds the difference to its
-- months and keeps what is counted. Each statement of a function is a round of the database's
-- executor; a check-in recounts its booking for the return's charges, and those rounds were the
-- counter's last difference from the build before the folio (decision 112, bench/counter-checkout.mjs).
-- What is counted and added is unchanged: test/fleetFigures.test.ts holds the kept figures to the
-- tables themselves.
CREATE OR REPLACE FUNCTION derived.fleet_recount_bookings(ids uuid[]) RETURNS void LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  booking uuid;
BEGIN
  FOR booking IN SELECT DISTINCT u FROM unnest(ids) AS u WHERE u IS NOT NULL ORDER BY u LOOP
    PERFORM FROM derived.fleet_booking_counted WHERE booking_id = booking FOR UPDATE;
    WITH was AS (SELECT * FROM derived.fleet_booking_counted WHERE booking_id = booking),
         cur AS (
           SELECT b.id AS booking_id, b.car_id, b.pickup_date, b.return_date, booking_holds_days(b.status) AS holds,
                  coalesce((SELECT sum(l.amount) FROM folio_lines l WHERE l.booking_id = b.id), 0)::bigint AS net
             FROM bookings b WHERE b.id = booking),
         changed AS (
           SELECT WHERE (SELECT row(w.car_id, w.pickup_date, w.return_date, w.holds, w.net) FROM was w)
                        IS DISTINCT FROM (SELECT row(c.car_id, c.pickup_date, c.return_date, c.holds, c.net) FROM cur c)),
         added AS (
           INSERT INTO derived.fleet_month_figures AS f (month, car_id, items, rented, revenue)
           SELECT d.month, d.car_id, sum(d.items), sum(d.rented), sum(d.revenue)
             FROM (SELECT p.month, p.car_id, p.items, p.rented, p.revenue
                     FROM cur, LATERAL derived.fleet_booking_pieces(cur.car_id, cur.pickup_date, cur.return_date, cur.holds, cur.net) AS p
                   UNION ALL
                   SELECT p.month, p.car_id, -p.items, -p.rented, -p.revenue
                     FROM was, LATERAL derived.fleet_booking_pieces(was.car_id, was.pickup_date, was.return_date, was.holds, was.net) AS p) AS d
            WHERE EXISTS (SELECT FROM changed)
            GROUP BY d.month, d.car_id
           HAVING sum(d.items) <> 0 OR sum(d.rented) <> 0 OR sum(d.revenue) <> 0
            ORDER BY d.month, d.car_id
           ON CONFLICT (month, car_id) DO UPDATE
             SET items = f.items + excluded.items, rented = f.rented + excluded.rented, revenue = f.revenue + excluded.revenue),
         gone AS (
           DELETE FROM derived.fleet_booking_counted WHERE booking_id = booking AND NOT EXISTS (SELECT FROM cur))
    INSERT INTO derived.fleet_booking_counted AS k
    SELECT cur.* FROM cur WHERE EXISTS (SELECT FROM changed)
    ON CONFLICT (booking_id) DO UPDATE
      SET car_id = excluded.car_id, pickup_date = excluded.pickup_date, return_date = excluded.return_date,
          holds = excluded.holds, net = excluded.net;
  END LOOP;
END $$;
