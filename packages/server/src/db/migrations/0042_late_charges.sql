-- Tolls and tickets after the return (docs/decisions/119-tolls-and-tickets-after-the-return.md).
--
-- A toll (Highway 2000) or a traffic ticket that arrives after the customer brought the car back:
-- its folio line (written by the bookings feature, like every charge), the day of the toll or
-- offence, the plaza or ticket number, and the scan of the record. The scan names the car and
-- sometimes the driver: it is served only to the booking's customer and staff, and dropped when the
-- customer erases their account (scan_erased_at), while the charge itself stays in the books.
CREATE TABLE late_charges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  line_id uuid NOT NULL UNIQUE REFERENCES folio_lines (id),
  kind text NOT NULL CHECK (kind IN ('toll', 'fine')),
  offence_date date NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  description text NOT NULL,
  scan bytea,
  scan_type text CHECK (scan_type IN ('image/webp', 'application/pdf')),
  scan_erased_at timestamptz,
  -- The Idempotency-Key the form was sent with: the same key again answers this charge, never a second one.
  request_key text,
  request_hash text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT late_charges_scan_kept CHECK ((scan IS NULL) = (scan_type IS NULL) AND (scan IS NULL) = (scan_erased_at IS NOT NULL)),
  CONSTRAINT late_charges_key_once UNIQUE (booking_id, request_key)
);
CREATE INDEX late_charges_booking_idx ON late_charges (booking_id, created_at);
