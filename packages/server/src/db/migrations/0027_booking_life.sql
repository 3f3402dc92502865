-- Which statuses hold their car's days, written once (docs/decisions/099-the-folio-and-the-booking-life.md):
-- the contract's transition table (bookingLife.ts holdsDays) says the same, and a test holds the
-- two together. The overlap constraint, the days-taken triggers and the extras' stock all ask it.
CREATE FUNCTION booking_holds_days(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status NOT IN ('cancelled', 'no_show')
$$;

ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
  EXCLUDE USING gist (car_id WITH =, period WITH &&) WHERE (booking_holds_days(status));

CREATE OR REPLACE FUNCTION derived.booking_moves_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT booking_holds_days(NEW.status) THEN
    DELETE FROM derived.car_days_taken WHERE booking_id = OLD.id;
  ELSIF NOT booking_holds_days(OLD.status) THEN
    INSERT INTO derived.car_days_taken (car_id, period, booking_id) VALUES (NEW.car_id, NEW.period, NEW.id);
  ELSE
    UPDATE derived.car_days_taken SET car_id = NEW.car_id, period = NEW.period WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER bookings_claim_days ON bookings;
DROP TRIGGER bookings_move_days ON bookings;
CREATE TRIGGER bookings_claim_days AFTER INSERT ON bookings
  FOR EACH ROW WHEN (booking_holds_days(NEW.status)) EXECUTE FUNCTION derived.booking_claims_days();
CREATE TRIGGER bookings_move_days AFTER UPDATE OF status, car_id, pickup_date, return_date ON bookings
  FOR EACH ROW WHEN (
    booking_holds_days(OLD.status) IS DISTINCT FROM booking_holds_days(NEW.status)
    OR (booking_holds_days(NEW.status) AND (OLD.car_id, OLD.pickup_date, OLD.return_date) IS DISTINCT FROM (NEW.car_id, NEW.pickup_date, NEW.return_date))
  ) EXECUTE FUNCTION derived.booking_moves_days();
