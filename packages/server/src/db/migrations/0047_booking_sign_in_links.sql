-- Finding a booking without an account password (docs/decisions/123-booking-look-up-without-a-password.md).
--
-- The one-time link e-mailed to a booking's renter after a look-up by reference and last name or
-- e-mail. Only the token's SHA-256 is kept; the link works until expires_at (30 minutes), once:
-- using it sets used_at in the same statement that checks it is unused and unexpired, so two
-- instances opening it together cannot both succeed. The links sent lately to a booking are counted
-- from here (at most 3 in 15 minutes), so no one floods a renter's mailbox.
CREATE TABLE booking_sign_in_links (
  token_hash text PRIMARY KEY,
  booking_id uuid NOT NULL REFERENCES bookings (id),
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX booking_sign_in_links_booking_idx ON booking_sign_in_links (booking_id, created_at);
