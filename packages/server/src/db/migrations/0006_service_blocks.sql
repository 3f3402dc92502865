-- Service blocks: staff take a car out of hire for some days (garage, inspection). A block and a
-- booking that is not cancelled never share a day of one car, nor do two blocks, and the database
-- itself holds that, as it holds it for two bookings (decision 050).

CREATE TABLE car_blocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid NOT NULL REFERENCES cars(id),
  pickup_date date NOT NULL,
  return_date date NOT NULL,
  note text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT car_blocks_dates_in_order CHECK (return_date >= pickup_date),
  -- Inclusive, as bookings: a block ending on the 5th takes the 5th.
  period daterange GENERATED ALWAYS AS (daterange(pickup_date, return_date, '[]')) STORED
);
CREATE INDEX car_blocks_car_idx ON car_blocks (car_id, return_date);

-- Every stretch of days a car is taken, by a live booking or by a block: one row each, kept by the
-- triggers below, and one exclusion constraint over all of them. It is derived data, so it lives
-- outside the public schema: backups (which copy the public tables) leave it out, and restoring the
-- bookings and blocks rebuilds it through the same triggers. No foreign keys, so TRUNCATE of the
-- public tables (a forced restore) is not refused; the TRUNCATE triggers empty it instead.
CREATE SCHEMA derived;
CREATE TABLE derived.car_days_taken (
  car_id uuid NOT NULL,
  period daterange NOT NULL,
  booking_id uuid UNIQUE,
  block_id uuid UNIQUE,
  CONSTRAINT car_days_taken_one_source CHECK ((booking_id IS NULL) <> (block_id IS NULL)),
  CONSTRAINT car_days_taken_no_overlap EXCLUDE USING gist (car_id WITH =, period WITH &&)
);

-- Bookings: a live booking claims its days; cancelling frees them; re-opening claims them again
-- (refused with exclusion_violation when a block or booking holds them meanwhile). One indexed
-- insert per new booking, nothing more: the booking storm depends on it.
CREATE FUNCTION derived.booking_claims_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.car_days_taken (car_id, period, booking_id) VALUES (NEW.car_id, NEW.period, NEW.id);
  RETURN NULL;
END $$;

CREATE FUNCTION derived.booking_moves_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'cancelled' THEN
    DELETE FROM derived.car_days_taken WHERE booking_id = OLD.id;
  ELSIF OLD.status = 'cancelled' THEN
    INSERT INTO derived.car_days_taken (car_id, period, booking_id) VALUES (NEW.car_id, NEW.period, NEW.id);
  ELSE
    UPDATE derived.car_days_taken SET car_id = NEW.car_id, period = NEW.period WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION derived.booking_frees_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.car_days_taken WHERE booking_id = OLD.id;
  RETURN NULL;
END $$;

CREATE FUNCTION derived.bookings_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.car_days_taken WHERE booking_id IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_claim_days AFTER INSERT ON bookings
  FOR EACH ROW WHEN (NEW.status <> 'cancelled') EXECUTE FUNCTION derived.booking_claims_days();
CREATE TRIGGER bookings_move_days AFTER UPDATE OF status, car_id, pickup_date, return_date ON bookings
  FOR EACH ROW WHEN (
    (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
    OR (NEW.status <> 'cancelled' AND (OLD.car_id, OLD.pickup_date, OLD.return_date) IS DISTINCT FROM (NEW.car_id, NEW.pickup_date, NEW.return_date))
  ) EXECUTE FUNCTION derived.booking_moves_days();
CREATE TRIGGER bookings_free_days AFTER DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION derived.booking_frees_days();
CREATE TRIGGER bookings_emptied AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION derived.bookings_emptied();

-- Blocks: the same, without a status (removing a block deletes it).
CREATE FUNCTION derived.block_claims_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.car_days_taken (car_id, period, block_id) VALUES (NEW.car_id, NEW.period, NEW.id);
  RETURN NULL;
END $$;

CREATE FUNCTION derived.block_moves_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE derived.car_days_taken SET car_id = NEW.car_id, period = NEW.period WHERE block_id = NEW.id;
  RETURN NULL;
END $$;

CREATE FUNCTION derived.block_frees_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.car_days_taken WHERE block_id = OLD.id;
  RETURN NULL;
END $$;

CREATE FUNCTION derived.blocks_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM derived.car_days_taken WHERE block_id IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER car_blocks_claim_days AFTER INSERT ON car_blocks
  FOR EACH ROW EXECUTE FUNCTION derived.block_claims_days();
CREATE TRIGGER car_blocks_move_days AFTER UPDATE OF car_id, pickup_date, return_date ON car_blocks
  FOR EACH ROW EXECUTE FUNCTION derived.block_moves_days();
CREATE TRIGGER car_blocks_free_days AFTER DELETE ON car_blocks
  FOR EACH ROW EXECUTE FUNCTION derived.block_frees_days();
CREATE TRIGGER car_blocks_emptied AFTER TRUNCATE ON car_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION derived.blocks_emptied();

-- The bookings already made claim their days (they never overlap: bookings_no_overlap held them).
INSERT INTO derived.car_days_taken (car_id, period, booking_id)
  SELECT car_id, period, id FROM bookings WHERE status <> 'cancelled';
