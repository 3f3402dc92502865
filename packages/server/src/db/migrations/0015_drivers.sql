-- Drivers (docs/decisions/088-drivers-documents-vetting.md): the customer's licence and date of
-- birth, the documents they send, the company's check of them, staff's "do not rent", the other
-- drivers of a booking, and the erasure of an account.

-- One row per customer who has given them; erased with the account.
CREATE TABLE driver_details (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  licence_number text NOT NULL,
  licence_country text NOT NULL,
  licence_issued date NOT NULL,
  licence_expires date NOT NULL,
  date_of_birth date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (licence_expires > licence_issued)
);

ALTER TABLE users
  ADD COLUMN vetting_status text NOT NULL DEFAULT 'not_submitted'
    CHECK (vetting_status IN ('not_submitted', 'waiting', 'approved', 'rejected')),
  -- Told to the customer when not approved.
  ADD COLUMN vetting_reason text,
  ADD COLUMN vetted_at timestamptz,
  -- Private to staff; NULL: may rent.
  ADD COLUMN do_not_rent_reason text,
  -- Set when the customer erased their account: the row stays for the bookings that name it.
  ADD COLUMN erased_at timestamptz;

-- Apart from the pictures (images), which are public by their address: a document is served only
-- by its own route, to its customer and staff.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('licence_front', 'licence_back', 'passport', 'work_id', 'proof_of_address')),
  content bytea NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/webp', 'application/pdf')),
  size integer NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_user_idx ON documents (user_id, uploaded_at);

-- The other drivers the customer names: [{ name, licenceNumber, licenceCountry, licenceIssued,
-- licenceExpires, dateOfBirth }], at most 3 (checked by the application with the rules).
ALTER TABLE bookings ADD COLUMN additional_drivers jsonb NOT NULL DEFAULT '[]';

-- The history: customers (vetting, do not rent, driver details, documents, erasure). Personal
-- details are never written into it (it cannot be erased): which fields changed, not their values.
ALTER TABLE activity DROP CONSTRAINT activity_subject_check;
ALTER TABLE activity ADD CONSTRAINT activity_subject_check
  CHECK (subject IN ('booking', 'car', 'bank_details', 'block', 'company', 'customer'));

CREATE FUNCTION activity_customer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before jsonb := '{}';
  after jsonb := '{}';
BEGIN
  IF OLD.vetting_status IS DISTINCT FROM NEW.vetting_status OR OLD.vetting_reason IS DISTINCT FROM NEW.vetting_reason THEN
    before := before || jsonb_build_object('vetting_status', OLD.vetting_status);
    -- The reason is told to the customer and kept on their row, erased with it; the history only says one was given.
    after := after || jsonb_build_object('vetting_status', NEW.vetting_status, 'vetting_reason_given', NEW.vetting_reason IS NOT NULL);
  END IF;
  IF OLD.do_not_rent_reason IS DISTINCT FROM NEW.do_not_rent_reason THEN
    before := before || jsonb_build_object('do_not_rent', OLD.do_not_rent_reason IS NOT NULL);
    after := after || jsonb_build_object('do_not_rent', NEW.do_not_rent_reason IS NOT NULL);
  END IF;
  IF OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL THEN
    after := after || jsonb_build_object('erased', true);
  END IF;
  IF after <> '{}' THEN
    PERFORM activity_record('customer', NEW.id::text, 'changed', nullif(before, '{}'), after);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_activity
  AFTER UPDATE OF vetting_status, vetting_reason, do_not_rent_reason, erased_at ON users
  FOR EACH ROW EXECUTE FUNCTION activity_customer();

CREATE FUNCTION activity_driver_details() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record('customer', NEW.user_id::text, 'changed', NULL, jsonb_build_object('driver_details', 'given'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM activity_record('customer', OLD.user_id::text, 'changed', NULL, jsonb_build_object('driver_details', 'erased'));
  ELSE
    SELECT jsonb_object_agg(o.key, 'changed') INTO changed
    FROM jsonb_each(to_jsonb(OLD) - 'updated_at') o
    JOIN jsonb_each(to_jsonb(NEW) - 'updated_at') n ON n.key = o.key
    WHERE o.value IS DISTINCT FROM n.value;
    IF changed IS NOT NULL THEN
      PERFORM activity_record('customer', NEW.user_id::text, 'changed', NULL, changed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER driver_details_activity
  AFTER INSERT OR UPDATE OR DELETE ON driver_details
  FOR EACH ROW EXECUTE FUNCTION activity_driver_details();

CREATE FUNCTION activity_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record('customer', NEW.user_id::text, 'changed', NULL, jsonb_build_object('document_added', NEW.kind));
  ELSE
    PERFORM activity_record('customer', OLD.user_id::text, 'changed', NULL, jsonb_build_object('document_removed', OLD.kind));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER documents_activity
  AFTER INSERT OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION activity_document();

-- A customer the company does not approve: their bookings waiting for confirmation are cancelled
-- for that reason (told apart from staff's own cancellations).
ALTER TABLE bookings DROP CONSTRAINT bookings_status_reason_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_reason_check CHECK (status_reason IN ('customer', 'staff', 'expired', 'not_approved'));
ALTER TABLE booking_events DROP CONSTRAINT booking_events_reason_check;
ALTER TABLE booking_events ADD CONSTRAINT booking_events_reason_check CHECK (reason IN ('customer', 'staff', 'expired', 'not_approved'));
