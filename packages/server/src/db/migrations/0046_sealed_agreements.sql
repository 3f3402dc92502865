-- Signed agreements anyone can check (docs/decisions/122-a-signed-agreement-that-can-be-verified.md).
-- Every agreement PDF handed over ends with a signing certificate page; the SHA-256 of the whole
-- file is kept here, and POST /api/agreements/verify answers valid for exactly these files. A row
-- holds nothing personal (a booking, a hash, a reference, times), so it is never changed nor
-- removed, not even by an erasure: an erasure draws the agreement again and adds a row of its own
-- (redraws naming the seal it replaces), and the copy the renter was given stays checkable.
CREATE TABLE sealed_agreements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings(id),
  kind text NOT NULL CHECK (kind IN ('counter', 'online')),
  -- Of the whole final PDF, certificate page included: lower-case hex.
  sha256 text NOT NULL UNIQUE CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  reference text NOT NULL,
  signed_at timestamptz NOT NULL,
  sealed_at timestamptz NOT NULL DEFAULT now(),
  -- A copy made again without the renter's details (erasure): the seal of the copy it replaces.
  redraws uuid REFERENCES sealed_agreements(id)
);
CREATE INDEX sealed_agreements_booking ON sealed_agreements (booking_id, sealed_at);

CREATE FUNCTION sealed_agreements_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A sealed agreement''s record is kept as written: it is never changed or removed.' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER sealed_agreements_kept BEFORE UPDATE OR DELETE ON sealed_agreements
  FOR EACH ROW EXECUTE FUNCTION sealed_agreements_kept();

-- Agreements made before this migration have no certificate page, yet they are stored exactly as
-- they were handed over: their hashes are kept too, so the copies customers hold check as valid.
INSERT INTO sealed_agreements (booking_id, kind, sha256, reference, signed_at)
SELECT r.booking_id, 'counter', encode(sha256(r.agreement_pdf), 'hex'), b.reference, r.checked_out_at
FROM rentals r JOIN bookings b ON b.id = r.booking_id
ON CONFLICT (sha256) DO NOTHING;
