-- Bank deposits (docs/decisions/110-deposit-slips-and-several-bank-accounts.md).
--
-- A customer paying by cash deposit sends the bank's slip, or a screenshot of the transfer, on their
-- booking's page: a document like a licence (the same cleaning, quota, privacy and erasure), tied
-- to its booking. Only a slip has a booking, and every slip has one.
ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check
  CHECK (kind IN ('licence_front', 'licence_back', 'passport', 'work_id', 'proof_of_address', 'payment_slip'));
ALTER TABLE documents ADD COLUMN booking_id uuid REFERENCES bookings (id) ON DELETE CASCADE;
ALTER TABLE documents ADD CONSTRAINT documents_slip_has_booking CHECK ((kind = 'payment_slip') = (booking_id IS NOT NULL));
CREATE INDEX documents_booking_idx ON documents (booking_id, uploaded_at) WHERE booking_id IS NOT NULL;

-- The company's other accounts beside the main one (the SPEC's five fields stay its columns):
-- [{ bankName, accountHolderName, branch, accountNumber, accountType, currency? }], at most 4
-- (checked by the application's schema).
ALTER TABLE bank_details ADD COLUMN other_accounts jsonb NOT NULL DEFAULT '[]';

CREATE FUNCTION activity_masked_accounts(accounts jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(a || jsonb_build_object('accountNumber', '…' || right(regexp_replace(a->>'accountNumber', '[^0-9]', '', 'g'), 4))), '[]'::jsonb)
    FROM jsonb_array_elements(accounts) AS a;
$$;

-- The history keeps every account number as its last 4 digits, the other accounts' too.
CREATE OR REPLACE FUNCTION activity_bank_details() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := ARRAY['updated_at', 'updated_by', 'id'];
  old_row jsonb;
  new_row jsonb;
  diff record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD) - ignored;
    old_row := old_row || jsonb_build_object(
      'account_number', '…' || right(regexp_replace(OLD.account_number, '[^0-9]', '', 'g'), 4),
      'other_accounts', activity_masked_accounts(OLD.other_accounts));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW) - ignored;
    new_row := new_row || jsonb_build_object(
      'account_number', '…' || right(regexp_replace(NEW.account_number, '[^0-9]', '', 'g'), 4),
      'other_accounts', activity_masked_accounts(NEW.other_accounts));
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record('bank_details', '1', 'added', NULL, new_row);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM activity_record('bank_details', '1', 'removed', old_row, NULL);
  ELSE
    SELECT * INTO diff FROM activity_diff(old_row, new_row, '{}');
    -- A new number with the same last 4 digits is still a change worth seeing.
    IF diff.before IS NULL AND OLD.account_number IS DISTINCT FROM NEW.account_number THEN
      diff.before := jsonb_build_object('account_number', old_row->'account_number');
      diff.after := jsonb_build_object('account_number', new_row->'account_number');
    END IF;
    IF diff.before IS NULL AND OLD.other_accounts IS DISTINCT FROM NEW.other_accounts THEN
      diff.before := jsonb_build_object('other_accounts', old_row->'other_accounts');
      diff.after := jsonb_build_object('other_accounts', new_row->'other_accounts');
    END IF;
    IF diff.before IS NOT NULL THEN
      PERFORM activity_record('bank_details', '1', 'changed', diff.before, diff.after);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
