-- Payments received, and the indexes that let staff page, filter and search 100,000 bookings.

-- What the company has received for a booking: nothing yet, the cash deposit, or the whole price.
-- Every booking made before this migration starts as unpaid (staff mark what they have received).
-- The history triggers (activity log) read this column by this name.
ALTER TABLE bookings ADD COLUMN payment_status text NOT NULL DEFAULT 'unpaid'
  CONSTRAINT bookings_payment_status_check CHECK (payment_status IN ('unpaid', 'deposit_received', 'paid'));

-- Pages are keyset pages, newest first on (created_at, id): one index walk per page whatever the
-- page's depth. It replaces the created_at-only index, which could not break ties.
CREATE INDEX bookings_newest_idx ON bookings (created_at DESC, id DESC);
DROP INDEX IF EXISTS bookings_created_idx;

-- The status and payment filters keep the same order, so a filtered page is one index walk too.
CREATE INDEX bookings_status_newest_idx ON bookings (status, created_at DESC, id DESC);
CREATE INDEX bookings_payment_newest_idx ON bookings (payment_status, created_at DESC, id DESC);

-- "Dates touching the rental": period && [from, to]. The exclusion constraint's index leads with
-- car_id; this one answers a date window over the whole fleet.
CREATE INDEX bookings_period_idx ON bookings USING gist (period);

-- A reference typed from its start ("WR-7K3") is a prefix match, which text_pattern_ops serves
-- whatever the database's collation.
CREATE INDEX bookings_reference_pattern_idx ON bookings (reference text_pattern_ops);
