-- What a booking's life needs: a reference people can quote, a hold that ends, why it was
-- cancelled, its history, and the customer's phone number.

ALTER TABLE users ADD COLUMN phone text;

-- "WR-" and six of 32 characters that cannot be misread (no 0, 1, O or I): about a billion
-- references. Made by the database, so every way a booking is written gets one; the rare clash
-- with an existing reference fails the insert on the unique index and the booking is retried.
CREATE FUNCTION new_booking_reference() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'WR-' || string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1), '')
  FROM generate_series(1, 6)
$$;

ALTER TABLE bookings ADD COLUMN reference text;
DO $$
DECLARE
  booking record;
  candidate text;
BEGIN
  FOR booking IN SELECT id FROM bookings WHERE reference IS NULL ORDER BY created_at LOOP
    LOOP
      candidate := new_booking_reference();
      EXIT WHEN NOT EXISTS (SELECT 1 FROM bookings WHERE reference = candidate);
    END LOOP;
    UPDATE bookings SET reference = candidate WHERE id = booking.id;
  END LOOP;
END $$;
ALTER TABLE bookings ALTER COLUMN reference SET DEFAULT new_booking_reference();
ALTER TABLE bookings ALTER COLUMN reference SET NOT NULL;
ALTER TABLE bookings ADD CONSTRAINT bookings_reference_format CHECK (reference ~ '^WR-[2-9A-HJ-NP-Z]{6}$');
ALTER TABLE bookings ADD CONSTRAINT bookings_reference_key UNIQUE (reference);

-- A pending booking is a hold until this moment (HOLD_MINUTES after it was made); the sweep
-- cancels it if staff have not confirmed it by then. Holds made before this migration get the
-- default 48 hours.
ALTER TABLE bookings ADD COLUMN hold_expires_at timestamptz;
UPDATE bookings SET hold_expires_at = created_at + interval '2880 minutes' WHERE status = 'pending';
CREATE INDEX bookings_holds_idx ON bookings (hold_expires_at) WHERE status = 'pending';

-- Why a booking is cancelled: by the customer, by staff, or because its hold expired.
ALTER TABLE bookings ADD COLUMN status_reason text CHECK (status_reason IN ('customer', 'staff', 'expired'));
UPDATE bookings SET status_reason = 'staff' WHERE status = 'cancelled';

-- Every status a booking has had, who set it and when; rows are only ever added.
CREATE TABLE booking_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id uuid NOT NULL REFERENCES bookings(id),
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  reason text CHECK (reason IN ('customer', 'staff', 'expired')),
  actor_id uuid REFERENCES users(id),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, at);
INSERT INTO booking_events (booking_id, status, at) SELECT id, 'pending', created_at FROM bookings;
INSERT INTO booking_events (booking_id, status, reason, at)
  SELECT id, status, status_reason, created_at FROM bookings WHERE status <> 'pending';
