-- The counter (features/counter/): keys out (check-out) and keys back (check-in).

-- A booking's life goes on past "confirmed": on_rent (check-out), returned (check-in), no_show.
-- A no-show's days are free again, like a cancelled booking's.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('pending', 'confirmed', 'cancelled', 'on_rent', 'returned', 'no_show'));
ALTER TABLE booking_events DROP CONSTRAINT booking_events_status_check;
ALTER TABLE booking_events ADD CONSTRAINT booking_events_status_check
  CHECK (status IN ('pending', 'confirmed', 'cancelled', 'on_rent', 'returned', 'no_show'));

ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
  EXCLUDE USING gist (car_id WITH =, period WITH &&) WHERE (status NOT IN ('cancelled', 'no_show'));

CREATE OR REPLACE FUNCTION derived.booking_moves_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('cancelled', 'no_show') THEN
    DELETE FROM derived.car_days_taken WHERE booking_id = OLD.id;
  ELSIF OLD.status IN ('cancelled', 'no_show') THEN
    INSERT INTO derived.car_days_taken (car_id, period, booking_id) VALUES (NEW.car_id, NEW.period, NEW.id);
  ELSE
    UPDATE derived.car_days_taken SET car_id = NEW.car_id, period = NEW.period WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER bookings_claim_days ON bookings;
DROP TRIGGER bookings_move_days ON bookings;
CREATE TRIGGER bookings_claim_days AFTER INSERT ON bookings
  FOR EACH ROW WHEN (NEW.status NOT IN ('cancelled', 'no_show')) EXECUTE FUNCTION derived.booking_claims_days();
CREATE TRIGGER bookings_move_days AFTER UPDATE OF status, car_id, pickup_date, return_date ON bookings
  FOR EACH ROW WHEN (
    (OLD.status IN ('cancelled', 'no_show')) IS DISTINCT FROM (NEW.status IN ('cancelled', 'no_show'))
    OR (NEW.status NOT IN ('cancelled', 'no_show') AND (OLD.car_id, OLD.pickup_date, OLD.return_date) IS DISTINCT FROM (NEW.car_id, NEW.pickup_date, NEW.return_date))
  ) EXECUTE FUNCTION derived.booking_moves_days();

-- Cars as the lot knows them: a plate (unique among cars not removed) and the odometer.
ALTER TABLE cars ADD COLUMN plate text CHECK (plate ~ '^[A-Z0-9][A-Z0-9 -]{1,11}$');
ALTER TABLE cars ADD COLUMN odometer_km integer NOT NULL DEFAULT 0 CHECK (odometer_km >= 0);
CREATE UNIQUE INDEX cars_plate_idx ON cars (plate) WHERE deleted_at IS NULL;

-- One row per booking that reached the counter. Written once at check-out, completed once at
-- check-in; the agreement's bytes are never changed (rentals_agreement_kept below).
CREATE TABLE rentals (
  booking_id uuid PRIMARY KEY REFERENCES bookings (id),
  checked_out_at timestamptz NOT NULL DEFAULT now(),
  checked_out_by uuid NOT NULL REFERENCES users (id),
  licence_number text NOT NULL,
  odometer_out integer NOT NULL CHECK (odometer_out >= 0),
  fuel_out smallint NOT NULL CHECK (fuel_out BETWEEN 0 AND 8),
  items jsonb NOT NULL DEFAULT '[]',
  deposit_amount integer NOT NULL CHECK (deposit_amount >= 0),
  deposit_method text NOT NULL CHECK (deposit_method IN ('cash', 'card', 'bank_transfer')),
  deposit_reference text NOT NULL DEFAULT '',
  signature bytea NOT NULL,
  staff_signature bytea,
  agreement_pdf bytea NOT NULL,
  checked_in_at timestamptz,
  checked_in_by uuid REFERENCES users (id),
  returned_at timestamptz,
  odometer_in integer CHECK (odometer_in >= odometer_out),
  fuel_in smallint CHECK (fuel_in BETWEEN 0 AND 8),
  cleaning integer CHECK (cleaning >= 0),
  charges jsonb,
  charges_total integer CHECK (charges_total >= 0),
  deposit_refunded integer CHECK (deposit_refunded >= 0),
  deposit_kept integer CHECK (deposit_kept >= 0),
  owing integer CHECK (owing >= 0),
  to_be_assessed boolean,
  receipt_number text UNIQUE,
  receipt_pdf bytea,
  -- Messages sent once (features/counter/overdue.ts): staff's overdue alert, the customer's reminder.
  overdue_alerted_at timestamptz,
  return_reminded_at timestamptz,
  CHECK ((checked_in_at IS NULL) = (receipt_number IS NULL))
);
CREATE INDEX rentals_open_idx ON rentals (booking_id) WHERE checked_in_at IS NULL;

CREATE FUNCTION rentals_agreement_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.agreement_pdf IS DISTINCT FROM OLD.agreement_pdf OR NEW.signature IS DISTINCT FROM OLD.signature
     OR (OLD.receipt_pdf IS NOT NULL AND NEW.receipt_pdf IS DISTINCT FROM OLD.receipt_pdf) THEN
    RAISE EXCEPTION 'A signed agreement and a receipt are kept as they were made.';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER rentals_agreement_kept BEFORE UPDATE ON rentals FOR EACH ROW EXECUTE FUNCTION rentals_agreement_kept();

-- Receipt numbers: one counter per year, taken in the check-in's own transaction (the row lock
-- queues check-ins; a rolled-back check-in gives its number back), so none repeats or is skipped.
CREATE TABLE receipt_numbers (
  year integer PRIMARY KEY,
  last integer NOT NULL CHECK (last > 0)
);

-- Photos taken at the counter, re-encoded without metadata; read by staff and the booking's customer.
CREATE TABLE counter_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  stage text NOT NULL CHECK (stage IN ('check_out', 'check_in')),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX counter_photos_booking_idx ON counter_photos (booking_id, created_at);

-- A car's damages, carried from one rental to the next until staff mark them repaired.
CREATE TABLE car_damages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid NOT NULL REFERENCES cars (id),
  zone text NOT NULL CHECK (zone IN ('front', 'back', 'left', 'right', 'roof', 'interior')),
  description text NOT NULL,
  photo_id uuid REFERENCES counter_photos (id),
  found_at timestamptz NOT NULL DEFAULT now(),
  found_booking_id uuid REFERENCES bookings (id),
  found_stage text CHECK (found_stage IN ('check_out', 'check_in')),
  -- Charged at check-in; null: not charged, or to be assessed.
  amount integer CHECK (amount >= 0),
  repaired_at timestamptz,
  repaired_by uuid REFERENCES users (id)
);
CREATE INDEX car_damages_open_idx ON car_damages (car_id, found_at) WHERE repaired_at IS NULL;

ALTER TABLE activity DROP CONSTRAINT activity_subject_check;
ALTER TABLE activity ADD CONSTRAINT activity_subject_check
  CHECK (subject IN ('booking', 'car', 'bank_details', 'block', 'company', 'customer', 'prices', 'payment', 'damage'));
CREATE TRIGGER car_damages_activity
  AFTER INSERT OR UPDATE ON car_damages
  FOR EACH ROW EXECUTE FUNCTION activity_row('damage', 'found_at', 'photo_id');

-- An e-mail may carry the booking's agreement or receipt, read from rentals when it is sent.
ALTER TABLE outbox ADD COLUMN attachment text CHECK (attachment IN ('agreement', 'receipt'));
