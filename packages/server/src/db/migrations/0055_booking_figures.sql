-- The staff dashboard's booking figures, kept as the books change (docs/decisions/131): how many
-- bookings, how many pending, how many confirmed, and the price of the confirmed ones by the month
-- of their pickup day. features/backOffice/dashboard.ts sums these rows instead of counting and
-- summing every booking on each call (30-45 ms at 100,000 bookings on PGlite).
-- Derived data, in the derived schema as fleet_month_figures (0045): backups leave it out, a restore
-- rebuilds it (backup/restore.ts calls derived.booking_figures_rebuild), no foreign keys.
--
-- Each change is a delta added with INSERT ... ON CONFLICT DO UPDATE in the writer's transaction,
-- never a read and a write back: two writers of one row wait for each other and both count.
-- One row per month would make every new booking of a month queue behind the others' open
-- transactions, so each month's figures are spread over 64 slots, the slot being the writing
-- connection's server process id modulo 64. Two transactions running at once are on two
-- connections, hence two processes, and a pool's connections, opened together, have near
-- consecutive ids: concurrent writers land on different rows. A booking's later changes may land on
-- other slots than its creation; only the sums over the slots mean anything (a slot may go negative).
-- The read sums them: at most 64 rows a month.

CREATE TABLE derived.booking_figures (
  month date NOT NULL,
  slot smallint NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  confirmed integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, slot)
);

-- Everything from the bookings themselves, in slot 0: the migration's fill, a restore's end.
CREATE FUNCTION derived.booking_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.booking_figures;
  INSERT INTO derived.booking_figures (month, slot, bookings, pending, confirmed, revenue)
  SELECT date_trunc('month', pickup_date::timestamp)::date, 0, count(*),
         count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'confirmed'),
         coalesce(sum(price) FILTER (WHERE status = 'confirmed'), 0)
    FROM bookings
   GROUP BY 1;
END $$;

-- The old row's figures taken away, the new row's added, in one statement, months in order.
CREATE FUNCTION derived.booking_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF derived.fleet_restoring() THEN RETURN NULL; END IF;
  INSERT INTO derived.booking_figures AS f (month, slot, bookings, pending, confirmed, revenue)
  SELECT d.month, (pg_backend_pid() % 64)::smallint, sum(d.bookings), sum(d.pending), sum(d.confirmed), sum(d.revenue)
    FROM (SELECT date_trunc('month', NEW.pickup_date::timestamp)::date, 1, (NEW.status = 'pending')::int,
                 (NEW.status = 'confirmed')::int, CASE WHEN NEW.status = 'confirmed' THEN NEW.price ELSE 0 END::bigint
           WHERE TG_OP <> 'DELETE'
          UNION ALL
          SELECT date_trunc('month', OLD.pickup_date::timestamp)::date, -1, -(OLD.status = 'pending')::int,
                 -(OLD.status = 'confirmed')::int, -CASE WHEN OLD.status = 'confirmed' THEN OLD.price ELSE 0 END::bigint
           WHERE TG_OP <> 'INSERT') AS d(month, bookings, pending, confirmed, revenue)
   GROUP BY d.month
  HAVING sum(d.bookings) <> 0 OR sum(d.pending) <> 0 OR sum(d.confirmed) <> 0 OR sum(d.revenue) <> 0
   ORDER BY d.month
  ON CONFLICT (month, slot) DO UPDATE
    SET bookings = f.bookings + excluded.bookings, pending = f.pending + excluded.pending,
        confirmed = f.confirmed + excluded.confirmed, revenue = f.revenue + excluded.revenue;
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_booking_figures_added AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION derived.booking_figures_changed();
-- Only what the figures hold: most updates (payment, hold, notes, on rent and back) fire nothing.
CREATE TRIGGER bookings_booking_figures_changed AFTER UPDATE OF status, price, pickup_date ON bookings
  FOR EACH ROW WHEN ((OLD.status = 'pending', OLD.status = 'confirmed', CASE WHEN OLD.status = 'confirmed' THEN OLD.price END,
                      date_trunc('month', OLD.pickup_date::timestamp))
                     IS DISTINCT FROM (NEW.status = 'pending', NEW.status = 'confirmed', CASE WHEN NEW.status = 'confirmed' THEN NEW.price END,
                                       date_trunc('month', NEW.pickup_date::timestamp)))
  EXECUTE FUNCTION derived.booking_figures_changed();
CREATE TRIGGER bookings_booking_figures_removed AFTER DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION derived.booking_figures_changed();

-- A TRUNCATE leaves no bookings and nothing to subtract from.
CREATE FUNCTION derived.booking_figures_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.booking_figures;
  RETURN NULL;
END $$;
CREATE TRIGGER bookings_booking_figures_emptied AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION derived.booking_figures_emptied();

SELECT derived.booking_figures_rebuild();
