-- Online check-in (docs/decisions/124-online-check-in.md): the customer gives the pickup time,
-- types a 6-digit code e-mailed to them and signs the agreement on the phone before pickup.
--
-- One row per booking, made when the first code is sent. The code is kept only as its SHA-256
-- (code_hash), with its expiry and the wrong tries it took; the trail lists each step with its time
-- (code sent, wrong code, code verified, signed) for the signing certificate. Once completed the
-- row holds the signature, the agreement PDF as made and its SHA-256, the time, and the address
-- and browser it was signed from; it never changes after (a second completion is refused).
CREATE TABLE online_check_ins (
  booking_id uuid PRIMARY KEY REFERENCES bookings (id),
  code_hash text,
  code_sent_at timestamptz,
  code_expires_at timestamptz,
  code_tries integer NOT NULL DEFAULT 0 CHECK (code_tries >= 0),
  trail jsonb NOT NULL DEFAULT '[]'::jsonb,
  pickup_time text CHECK (pickup_time IS NULL OR pickup_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  flight_number text,
  signature bytea,
  agreement_pdf bytea,
  agreement_sha256 text CHECK (agreement_sha256 IS NULL OR agreement_sha256 ~ '^[0-9a-f]{64}$'),
  completed_at timestamptz,
  signed_ip text,
  signed_user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Completed means everything of the signing is there, and nothing of it before.
  CONSTRAINT online_check_ins_complete CHECK (
    (completed_at IS NULL) = (agreement_pdf IS NULL)
    AND (completed_at IS NULL) = (agreement_sha256 IS NULL)
    AND (completed_at IS NULL) = (signature IS NULL)
    AND (completed_at IS NULL) = (pickup_time IS NULL)
  )
);
