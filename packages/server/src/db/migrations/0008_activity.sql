-- The history of the staff's changes (issue 12, item 6; docs/decisions/060-history-by-triggers.md).
-- Recorded by the database itself, so no way of writing (a route, the owner tool, a later feature,
-- an UPDATE typed by hand) can forget it. Rows are only ever added: a trigger refuses UPDATE and
-- DELETE of the table.
CREATE TABLE activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- Who made the change (rental.actor_id, set per transaction by actAs); NULL = the system, e.g.
  -- the hold sweeper. No foreign key: the history must outlive anything it names.
  actor_id uuid,
  subject text NOT NULL CHECK (subject IN ('booking', 'car', 'bank_details', 'block', 'company')),
  subject_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('added', 'changed', 'removed')),
  -- Only the fields that changed (all of them for added/removed), as the row's column names.
  before jsonb,
  after jsonb
);
-- The page reads newest first, all kinds or one kind.
CREATE INDEX activity_subject_idx ON activity (subject, id);

CREATE FUNCTION activity_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The history (activity) is kept as written: rows cannot be changed or removed.'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
-- Per statement, so even an UPDATE that matches no row is refused. TRUNCATE is left to the
-- database's owner (a forced restore empties every table with it).
CREATE TRIGGER activity_no_edit
  BEFORE UPDATE OR DELETE ON activity
  FOR EACH STATEMENT EXECUTE FUNCTION activity_refuse_change();

-- Records one change. A restore (rental.restoring = on) brings the history back with the rows,
-- so the rows it inserts must not be recorded a second time.
CREATE FUNCTION activity_record(p_subject text, p_subject_id text, p_action text, p_before jsonb, p_after jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN
    RETURN;
  END IF;
  INSERT INTO activity (actor_id, subject, subject_id, action, before, after)
  VALUES (nullif(current_setting('rental.actor_id', true), '')::uuid, p_subject, p_subject_id, p_action, p_before, p_after);
END;
$$;

-- The fields whose values differ, as two objects (before, after); NULLs when nothing differs.
CREATE FUNCTION activity_diff(old_row jsonb, new_row jsonb, ignored text[]) RETURNS TABLE (before jsonb, after jsonb)
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, n.value)
  FROM jsonb_each(old_row) o
  JOIN jsonb_each(new_row) n ON n.key = o.key
  WHERE o.value IS DISTINCT FROM n.value AND NOT (o.key = ANY (ignored))
$$;

-- A generic row trigger: TG_ARGV[0] is the subject, TG_ARGV[1..] the columns left out (timestamps
-- and the like, which change with every save). Inserts and deletes keep the whole row.
CREATE FUNCTION activity_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := coalesce(TG_ARGV[1:], '{}');
  old_row jsonb;
  new_row jsonb;
  diff record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record(TG_ARGV[0], NEW.id::text, 'added', NULL, to_jsonb(NEW) - ignored);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM activity_record(TG_ARGV[0], OLD.id::text, 'removed', to_jsonb(OLD) - ignored, NULL);
  ELSE
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    SELECT * INTO diff FROM activity_diff(old_row, new_row, ignored);
    IF diff.before IS NOT NULL THEN
      PERFORM activity_record(TG_ARGV[0], NEW.id::text, 'changed', diff.before, diff.after);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- Cars: every field, a removal (deleted_at set) included. The picture's id is kept (a new picture
-- is a change); the times of the row itself are not.
CREATE TRIGGER cars_activity
  AFTER INSERT OR UPDATE OR DELETE ON cars
  FOR EACH ROW EXECUTE FUNCTION activity_row('car', 'updated_at', 'created_at', 'added_by');

-- Bank details: the account number is kept as its last 4 digits only (separators dropped first,
-- so "0012-3456-7890" is "…7890", never "…-890"), as in the staff's e-mail.
CREATE FUNCTION activity_bank_details() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := ARRAY['updated_at', 'updated_by', 'id'];
  old_row jsonb;
  new_row jsonb;
  diff record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD) - ignored;
    old_row := old_row || jsonb_build_object('account_number', '…' || right(regexp_replace(OLD.account_number, '[^0-9]', '', 'g'), 4));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW) - ignored;
    new_row := new_row || jsonb_build_object('account_number', '…' || right(regexp_replace(NEW.account_number, '[^0-9]', '', 'g'), 4));
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
    IF diff.before IS NOT NULL THEN
      PERFORM activity_record('bank_details', '1', 'changed', diff.before, diff.after);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bank_details_activity
  AFTER INSERT OR UPDATE OR DELETE ON bank_details
  FOR EACH ROW EXECUTE FUNCTION activity_bank_details();

-- Company settings: the facts that changed (one JSON value holds them all).
CREATE FUNCTION activity_company() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  diff record;
BEGIN
  SELECT * INTO diff FROM activity_diff(OLD.value::jsonb, NEW.value::jsonb, '{}');
  IF diff.before IS NOT NULL THEN
    PERFORM activity_record('company', '1', 'changed', diff.before, diff.after);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER company_settings_activity
  AFTER UPDATE OF value ON company_settings
  FOR EACH ROW EXECUTE FUNCTION activity_company();

-- Bookings: only a change of status or payment state, one small row. A new booking is not
-- recorded here (booking_events has it), so making bookings costs nothing more.
CREATE FUNCTION activity_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before jsonb := '{}';
  after jsonb := '{}';
BEGIN
  IF OLD.status IS DISTINCT FROM NEW.status THEN
    before := before || jsonb_build_object('status', OLD.status);
    after := after || jsonb_build_object('status', NEW.status, 'status_reason', NEW.status_reason);
  END IF;
  IF OLD.payment_status IS DISTINCT FROM NEW.payment_status THEN
    before := before || jsonb_build_object('payment_status', OLD.payment_status);
    after := after || jsonb_build_object('payment_status', NEW.payment_status);
  END IF;
  IF before <> '{}' THEN
    PERFORM activity_record('booking', NEW.id::text, 'changed', before, after);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bookings_activity
  AFTER UPDATE OF status, payment_status ON bookings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status)
  EXECUTE FUNCTION activity_booking();

-- Service blocks (car_blocks, migration 0006): added and removed, with their car and days.
CREATE TRIGGER car_blocks_activity
  AFTER INSERT OR UPDATE OR DELETE ON car_blocks
  FOR EACH ROW EXECUTE FUNCTION activity_row('block', 'created_at', 'created_by', 'period');
