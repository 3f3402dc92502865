-- WhatsApp and SMS beside e-mail (issue 36, item 2; docs/decisions/126-phones-and-message-channels.md):
-- the customer's phone in E.164, and which of the two channels they chose.

-- The phone's E.164 form by the rule of the contract's phoneNumber.ts (readPhone), NULL when it is
-- not understood. The same rule in both languages: server test phoneNumber.sql.test.ts holds them
-- to the same answers. IMMUTABLE: users.phone_e164 below is computed by it.
CREATE FUNCTION phone_e164_of(typed text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(p) > 40 OR p !~ '^\+?[0-9 ()-]*$' THEN NULL
    WHEN length(d) NOT BETWEEN 7 AND 15 THEN NULL
    -- With its +: as given, but +1 is the North American plan, whose area code and exchange never start with 0 or 1.
    WHEN left(p, 1) = '+' THEN CASE
      WHEN d ~ '^0' THEN NULL
      WHEN d ~ '^1' THEN CASE WHEN d ~ '^1[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+' || d END
      ELSE '+' || d END
    WHEN d ~ '^1[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+' || d
    WHEN d ~ '^[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+1' || d
    -- Seven digits: a Jamaican number given without its area code, 876.
    WHEN d ~ '^[2-9][0-9]{6}$' THEN '+1876' || d
  END
  FROM (SELECT p, regexp_replace(p, '[^0-9]', '', 'g') AS d
          -- JavaScript's trim() of what people type: spaces, tabs and line ends.
          FROM (SELECT btrim(typed, E' \t\n\r\f\x0B') AS p) AS trimmed) AS parts
$$;

-- users.phone stays exactly as the customer typed it (staff call it). Computed by the database,
-- whoever writes the phone (the account page, registration, staff booking for a walk-in, erasure),
-- so it can never disagree with it; existing users get theirs as the column is added.
ALTER TABLE users ADD COLUMN phone_e164 text GENERATED ALWAYS AS (phone_e164_of(phone)) STORED;
-- An incoming WhatsApp or SMS message is matched to its customers by this. Not unique: a family
-- may share one phone, and each of its accounts is then found (and a STOP stops them all).
CREATE INDEX users_phone_e164_idx ON users (phone_e164) WHERE phone_e164 IS NOT NULL;

-- The customer's choices: off until chosen. When one is off after being on, when and how it was
-- stopped: 'stop_reply', the customer answered STOP to a message; 'customer_choice', they turned it
-- off on the site. Turning it on again clears both.
ALTER TABLE users
  ADD COLUMN whatsapp_on boolean NOT NULL DEFAULT false,
  ADD COLUMN whatsapp_stopped_at timestamptz,
  ADD COLUMN whatsapp_stopped_by text CHECK (whatsapp_stopped_by IN ('stop_reply', 'customer_choice')),
  ADD COLUMN sms_on boolean NOT NULL DEFAULT false,
  ADD COLUMN sms_stopped_at timestamptz,
  ADD COLUMN sms_stopped_by text CHECK (sms_stopped_by IN ('stop_reply', 'customer_choice')),
  ADD CONSTRAINT users_whatsapp_stop_told CHECK ((whatsapp_stopped_at IS NULL) = (whatsapp_stopped_by IS NULL) AND NOT (whatsapp_on AND whatsapp_stopped_at IS NOT NULL)),
  ADD CONSTRAINT users_sms_stop_told CHECK ((sms_stopped_at IS NULL) = (sms_stopped_by IS NULL) AND NOT (sms_on AND sms_stopped_at IS NOT NULL));

-- The customer's history (activity, migrations/0015) also says when a channel was turned on or
-- off and how, so staff see that a STOP came from the customer. Never the phone itself.
CREATE OR REPLACE FUNCTION activity_customer() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF OLD.whatsapp_on IS DISTINCT FROM NEW.whatsapp_on THEN
    before := before || jsonb_build_object('whatsapp', OLD.whatsapp_on);
    after := after || jsonb_build_object('whatsapp', NEW.whatsapp_on) || CASE WHEN NEW.whatsapp_stopped_by IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('whatsapp_stopped_by', NEW.whatsapp_stopped_by) END;
  END IF;
  IF OLD.sms_on IS DISTINCT FROM NEW.sms_on THEN
    before := before || jsonb_build_object('sms', OLD.sms_on);
    after := after || jsonb_build_object('sms', NEW.sms_on) || CASE WHEN NEW.sms_stopped_by IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('sms_stopped_by', NEW.sms_stopped_by) END;
  END IF;
  IF after <> '{}' THEN
    PERFORM activity_record('customer', NEW.id::text, 'changed', nullif(before, '{}'), after);
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER users_activity ON users;
CREATE TRIGGER users_activity
  AFTER UPDATE OF vetting_status, vetting_reason, do_not_rent_reason, erased_at, whatsapp_on, sms_on ON users
  FOR EACH ROW EXECUTE FUNCTION activity_customer();
