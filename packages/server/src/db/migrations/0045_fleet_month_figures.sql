-- What each car earns, kept per car and month (docs/decisions/121): the fleet report reads its whole
-- months from here instead of cutting 50,000 bookings and their folios on every call. The figures
-- are those decision 120 computes from the tables themselves (features/fleetReport/report.ts keeps
-- that statement for the months a range cuts, and test/fleetFigures.test.ts holds the two equal):
--   rented days: the days of bookings that hold their car (booking_holds_days), each in its month;
--   revenue: a booking's folio lines summed (before GCT, net of voids) and spread over its days,
--     the piece s..e of a booking of n days from pickup p getting
--     floor(net x (e - p + 1) / n) - floor(net x (s - p) / n);
--   blocked days: the service blocks' days; costs: services on service_date, repairs (with a cost)
--     on the Jamaica day of repaired_at, papers (with a cost) on paid_on;
--   items: how many bookings, blocks and costs touch the car's month, whatever their figures (a car
--     removed before a range shows only when something of it falls in the range).
-- Derived data, in the derived schema as car_days_taken (0006): backups leave it out, a restore
-- rebuilds it (backup/restore.ts calls derived.fleet_figures_rebuild), no foreign keys.
--
-- Every change is a delta added with INSERT ... ON CONFLICT DO UPDATE in the writer's transaction,
-- never a read and a write back: two transactions adding to one car's month wait for each other's
-- row and both count. A booking's revenue is not linear in its charges (the floors), so what is
-- counted of each booking is kept beside (fleet_booking_counted): a change takes that row's lock,
-- reads the booking and its folio as they are now, and adds the difference between the two.

CREATE TABLE derived.fleet_month_figures (
  month date NOT NULL,
  car_id uuid NOT NULL,
  items integer NOT NULL DEFAULT 0,
  rented integer NOT NULL DEFAULT 0,
  blocked integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  services bigint NOT NULL DEFAULT 0,
  repairs bigint NOT NULL DEFAULT 0,
  papers bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, car_id)
);

CREATE TABLE derived.fleet_booking_counted (
  booking_id uuid PRIMARY KEY,
  car_id uuid NOT NULL,
  pickup_date date NOT NULL,
  return_date date NOT NULL,
  holds boolean NOT NULL,
  net bigint NOT NULL
);
-- A month the range cuts reads its bookings from here by their days (report.ts, monthRows 'counted').
CREATE INDEX fleet_booking_counted_days ON derived.fleet_booking_counted USING gist (daterange(pickup_date, return_date, '[]'));

-- A booking's pieces, one per month of its days: the same cut and the same formula as report.ts.
CREATE FUNCTION derived.fleet_booking_pieces(car uuid, p date, r date, holds boolean, net bigint)
RETURNS TABLE (month date, car_id uuid, items integer, rented integer, revenue bigint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT m::date, car, 1, CASE WHEN holds THEN x.e - x.s + 1 ELSE 0 END,
         (floor(net::numeric * (x.e - p + 1) / (r - p + 1)) - floor(net::numeric * (x.s - p) / (r - p + 1)))::bigint
    FROM generate_series(date_trunc('month', p::timestamp), r::timestamp, interval '1 month') AS g(m),
         LATERAL (SELECT greatest(p, m::date) AS s, least(r, (m + interval '1 month')::date - 1) AS e) AS x
$$;

-- A block's days, one row per month.
CREATE FUNCTION derived.fleet_block_pieces(car uuid, p date, r date)
RETURNS TABLE (month date, car_id uuid, items integer, blocked integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT m::date, car, 1, least(r, (m + interval '1 month')::date - 1) - greatest(p, m::date) + 1
    FROM generate_series(date_trunc('month', p::timestamp), r::timestamp, interval '1 month') AS g(m)
$$;

-- The company's day of a repair: America/Jamaica, as the contract's COMPANY_TIME_ZONE.
CREATE FUNCTION derived.fleet_repair_day(repaired_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (repaired_at AT TIME ZONE 'America/Jamaica')::date $$;

-- Brings what is counted of these bookings to what they are now. The counted rows are locked in the
-- order of their ids, and the months are added in their order, so two writers never wait on each
-- other crosswise for one statement's rows.
CREATE FUNCTION derived.fleet_recount_bookings(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  booking uuid;
  was derived.fleet_booking_counted%ROWTYPE;
  cur derived.fleet_booking_counted%ROWTYPE;
BEGIN
  FOR booking IN SELECT DISTINCT u FROM unnest(ids) AS u WHERE u IS NOT NULL ORDER BY u LOOP
    SELECT * INTO was FROM derived.fleet_booking_counted WHERE booking_id = booking FOR UPDATE;
    -- A fresh look after the lock (READ COMMITTED: each statement its own snapshot): another
    -- writer of this booking has committed by now, and its folio lines are in the sum.
    SELECT b.id, b.car_id, b.pickup_date, b.return_date, booking_holds_days(b.status),
           coalesce((SELECT sum(l.amount) FROM folio_lines l WHERE l.booking_id = b.id), 0)
      INTO cur FROM bookings b WHERE b.id = booking;
    IF was.booking_id IS NOT DISTINCT FROM cur.booking_id
       AND (was.car_id, was.pickup_date, was.return_date, was.holds, was.net)
           IS NOT DISTINCT FROM (cur.car_id, cur.pickup_date, cur.return_date, cur.holds, cur.net) THEN
      CONTINUE;
    END IF;
    INSERT INTO derived.fleet_month_figures AS f (month, car_id, items, rented, revenue)
    SELECT d.month, d.car_id, sum(d.items), sum(d.rented), sum(d.revenue)
      FROM (SELECT * FROM derived.fleet_booking_pieces(cur.car_id, cur.pickup_date, cur.return_date, cur.holds, cur.net)
             WHERE cur.booking_id IS NOT NULL
            UNION ALL
            SELECT p.month, p.car_id, -p.items, -p.rented, -p.revenue
              FROM derived.fleet_booking_pieces(was.car_id, was.pickup_date, was.return_date, was.holds, was.net) AS p
             WHERE was.booking_id IS NOT NULL) AS d
     GROUP BY d.month, d.car_id
    HAVING sum(d.items) <> 0 OR sum(d.rented) <> 0 OR sum(d.revenue) <> 0
     ORDER BY d.month, d.car_id
    ON CONFLICT (month, car_id) DO UPDATE
      SET items = f.items + excluded.items, rented = f.rented + excluded.rented, revenue = f.revenue + excluded.revenue;
    IF cur.booking_id IS NULL THEN
      DELETE FROM derived.fleet_booking_counted WHERE booking_id = booking;
    ELSIF was.booking_id IS NULL THEN
      INSERT INTO derived.fleet_booking_counted VALUES (cur.*);
    ELSE
      UPDATE derived.fleet_booking_counted
         SET car_id = cur.car_id, pickup_date = cur.pickup_date, return_date = cur.return_date, holds = cur.holds, net = cur.net
       WHERE booking_id = booking;
    END IF;
  END LOOP;
END $$;

-- Everything from the tables themselves: the migration's fill, a restore's end, a TRUNCATE.
CREATE FUNCTION derived.fleet_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.fleet_booking_counted;
  DELETE FROM derived.fleet_month_figures;
  INSERT INTO derived.fleet_booking_counted
  SELECT b.id, b.car_id, b.pickup_date, b.return_date, booking_holds_days(b.status), coalesce(l.net, 0)
    FROM bookings b LEFT JOIN (SELECT booking_id, sum(amount) AS net FROM folio_lines GROUP BY booking_id) l ON l.booking_id = b.id;
  INSERT INTO derived.fleet_month_figures (month, car_id, items, rented, blocked, revenue, services, repairs, papers)
  SELECT month, car_id, sum(items), sum(rented), sum(blocked), sum(revenue), sum(services), sum(repairs), sum(papers)
    FROM (SELECT p.month, p.car_id, p.items, p.rented, 0 AS blocked, p.revenue, 0 AS services, 0 AS repairs, 0 AS papers
            FROM derived.fleet_booking_counted c,
                 LATERAL derived.fleet_booking_pieces(c.car_id, c.pickup_date, c.return_date, c.holds, c.net) AS p
          UNION ALL
          SELECT p.month, p.car_id, p.items, 0, p.blocked, 0, 0, 0, 0
            FROM car_blocks k, LATERAL derived.fleet_block_pieces(k.car_id, k.pickup_date, k.return_date) AS p
          UNION ALL
          SELECT date_trunc('month', service_date::timestamp)::date, car_id, 1, 0, 0, 0, cost, 0, 0 FROM car_services
          UNION ALL
          SELECT date_trunc('month', derived.fleet_repair_day(repaired_at)::timestamp)::date, car_id, 1, 0, 0, 0, 0, repair_cost, 0
            FROM car_damages WHERE repair_cost IS NOT NULL AND repaired_at IS NOT NULL
          UNION ALL
          SELECT date_trunc('month', paid_on::timestamp)::date, car_id, 1, 0, 0, 0, 0, 0, cost
            FROM car_papers WHERE cost IS NOT NULL AND paid_on IS NOT NULL) AS d
   GROUP BY month, car_id;
END $$;

CREATE FUNCTION derived.fleet_restoring() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('rental.restoring', true), '') = 'on'
$$;

-- Bookings: a new one, one moved (car or days), one whose status starts or stops holding its days,
-- one removed. Its folio lines are only ever added (0024), once per statement for each booking.
CREATE FUNCTION derived.fleet_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF derived.fleet_restoring() THEN RETURN NULL; END IF;
  PERFORM derived.fleet_recount_bookings(ARRAY[coalesce(NEW.id, OLD.id)]);
  RETURN NULL;
END $$;

CREATE FUNCTION derived.fleet_folio_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF derived.fleet_restoring() THEN RETURN NULL; END IF;
  PERFORM derived.fleet_recount_bookings(ARRAY(SELECT DISTINCT booking_id FROM added));
  RETURN NULL;
END $$;

-- Named to come after bookings_folio_made (triggers of one event fire in name order): a new
-- booking's quote lines are in by then, so it is counted once with them.
CREATE TRIGGER bookings_then_fleet_figures_added AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION derived.fleet_booking_changed();
CREATE TRIGGER bookings_then_fleet_figures_changed AFTER UPDATE OF status, car_id, pickup_date, return_date ON bookings
  FOR EACH ROW WHEN ((OLD.car_id, OLD.pickup_date, OLD.return_date, booking_holds_days(OLD.status))
                     IS DISTINCT FROM (NEW.car_id, NEW.pickup_date, NEW.return_date, booking_holds_days(NEW.status)))
  EXECUTE FUNCTION derived.fleet_booking_changed();
CREATE TRIGGER bookings_then_fleet_figures_removed AFTER DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION derived.fleet_booking_changed();
CREATE TRIGGER folio_lines_then_fleet_figures AFTER INSERT ON folio_lines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_folio_added();

-- Blocks and costs add up plainly: the old row's figures taken away, the new row's added, in one
-- statement, months in order.
CREATE FUNCTION derived.fleet_block_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF derived.fleet_restoring() THEN RETURN NULL; END IF;
  INSERT INTO derived.fleet_month_figures AS f (month, car_id, items, blocked)
  SELECT d.month, d.car_id, sum(d.items), sum(d.blocked)
    FROM (SELECT * FROM derived.fleet_block_pieces(NEW.car_id, NEW.pickup_date, NEW.return_date) WHERE TG_OP <> 'DELETE'
          UNION ALL
          SELECT p.month, p.car_id, -p.items, -p.blocked
            FROM derived.fleet_block_pieces(OLD.car_id, OLD.pickup_date, OLD.return_date) AS p WHERE TG_OP <> 'INSERT') AS d
   GROUP BY d.month, d.car_id
  HAVING sum(d.items) <> 0 OR sum(d.blocked) <> 0
   ORDER BY d.month, d.car_id
  ON CONFLICT (month, car_id) DO UPDATE SET items = f.items + excluded.items, blocked = f.blocked + excluded.blocked;
  RETURN NULL;
END $$;

-- A cost's month and amount by its table, none when the row is not a cost the report counts (no
-- repair cost, no paper cost or day paid).
CREATE FUNCTION derived.fleet_cost_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_month date;
  old_amount bigint;
  new_month date;
  new_amount bigint;
BEGIN
  IF derived.fleet_restoring() THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'car_services' THEN
    IF TG_OP <> 'INSERT' THEN old_month := date_trunc('month', OLD.service_date::timestamp)::date; old_amount := OLD.cost; END IF;
    IF TG_OP <> 'DELETE' THEN new_month := date_trunc('month', NEW.service_date::timestamp)::date; new_amount := NEW.cost; END IF;
  ELSIF TG_TABLE_NAME = 'car_damages' THEN
    IF TG_OP <> 'INSERT' AND OLD.repair_cost IS NOT NULL AND OLD.repaired_at IS NOT NULL THEN
      old_month := date_trunc('month', derived.fleet_repair_day(OLD.repaired_at)::timestamp)::date; old_amount := OLD.repair_cost;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.repair_cost IS NOT NULL AND NEW.repaired_at IS NOT NULL THEN
      new_month := date_trunc('month', derived.fleet_repair_day(NEW.repaired_at)::timestamp)::date; new_amount := NEW.repair_cost;
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' AND OLD.cost IS NOT NULL AND OLD.paid_on IS NOT NULL THEN
      old_month := date_trunc('month', OLD.paid_on::timestamp)::date; old_amount := OLD.cost;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.cost IS NOT NULL AND NEW.paid_on IS NOT NULL THEN
      new_month := date_trunc('month', NEW.paid_on::timestamp)::date; new_amount := NEW.cost;
    END IF;
  END IF;
  INSERT INTO derived.fleet_month_figures AS f (month, car_id, items, services, repairs, papers)
  SELECT d.month, d.car_id, sum(d.items),
         coalesce(sum(d.amount) FILTER (WHERE TG_TABLE_NAME = 'car_services'), 0),
         coalesce(sum(d.amount) FILTER (WHERE TG_TABLE_NAME = 'car_damages'), 0),
         coalesce(sum(d.amount) FILTER (WHERE TG_TABLE_NAME = 'car_papers'), 0)
    FROM (SELECT new_month, NEW.car_id, 1, new_amount WHERE new_month IS NOT NULL
          UNION ALL
          SELECT old_month, OLD.car_id, -1, -old_amount WHERE old_month IS NOT NULL) AS d(month, car_id, items, amount)
   GROUP BY d.month, d.car_id
  HAVING sum(d.items) <> 0 OR sum(d.amount) <> 0
   ORDER BY d.month, d.car_id
  ON CONFLICT (month, car_id) DO UPDATE
    SET items = f.items + excluded.items, services = f.services + excluded.services,
        repairs = f.repairs + excluded.repairs, papers = f.papers + excluded.papers;
  RETURN NULL;
END $$;

CREATE TRIGGER car_blocks_fleet_figures AFTER INSERT OR DELETE OR UPDATE OF car_id, pickup_date, return_date ON car_blocks
  FOR EACH ROW EXECUTE FUNCTION derived.fleet_block_changed();
CREATE TRIGGER car_services_fleet_figures AFTER INSERT OR DELETE OR UPDATE OF car_id, service_date, cost ON car_services
  FOR EACH ROW EXECUTE FUNCTION derived.fleet_cost_changed();
CREATE TRIGGER car_damages_fleet_figures AFTER INSERT OR DELETE OR UPDATE OF car_id, repaired_at, repair_cost ON car_damages
  FOR EACH ROW EXECUTE FUNCTION derived.fleet_cost_changed();
CREATE TRIGGER car_papers_fleet_figures AFTER INSERT OR DELETE OR UPDATE OF car_id, paid_on, cost ON car_papers
  FOR EACH ROW EXECUTE FUNCTION derived.fleet_cost_changed();

-- A TRUNCATE (a forced restore empties every table first) leaves nothing to subtract from: count afresh.
CREATE FUNCTION derived.fleet_tables_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF derived.fleet_restoring() THEN
    DELETE FROM derived.fleet_booking_counted;
    DELETE FROM derived.fleet_month_figures;
  ELSE
    PERFORM derived.fleet_figures_rebuild();
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bookings_fleet_figures_emptied AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_tables_emptied();
CREATE TRIGGER folio_lines_fleet_figures_emptied AFTER TRUNCATE ON folio_lines FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_tables_emptied();
CREATE TRIGGER car_blocks_fleet_figures_emptied AFTER TRUNCATE ON car_blocks FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_tables_emptied();
CREATE TRIGGER car_services_fleet_figures_emptied AFTER TRUNCATE ON car_services FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_tables_emptied();
CREATE TRIGGER car_damages_fleet_figures_emptied AFTER TRUNCATE ON car_damages FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_tables_emptied();
CREATE TRIGGER car_papers_fleet_figures_emptied AFTER TRUNCATE ON car_papers FOR EACH STATEMENT EXECUTE FUNCTION derived.fleet_tables_emptied();

SELECT derived.fleet_figures_rebuild();
ANALYZE derived.fleet_booking_counted;
ANALYZE derived.fleet_month_figures;
