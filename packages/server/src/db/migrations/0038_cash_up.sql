-- The day's cash-up (features/cashUp, docs/decisions/114-the-days-cash-up.md).
--
-- A closing is the cash counted in the drawer at the end of a company day (Jamaica), beside what
-- the folios say it should hold, for one staff member (staff_id) or the whole desk (staff_id NULL).
-- A day is closed once per staff member or desk until an owner reopens it: the reopened closing is
-- kept (who, when, why) and the day may be closed again. What it should hold is stored as it was at
-- the closing: a payment recorded later for that day shows as a new difference, not a rewritten one.
CREATE TABLE cash_ups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  day date NOT NULL,
  staff_id uuid REFERENCES users (id),
  counted_cash integer NOT NULL CHECK (counted_cash >= 0),
  expected_cash integer NOT NULL,
  difference integer NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  closed_by uuid NOT NULL REFERENCES users (id),
  closed_at timestamptz NOT NULL DEFAULT now(),
  reopened_by uuid REFERENCES users (id),
  reopened_at timestamptz,
  reopen_reason text CHECK (reopen_reason IS NULL OR char_length(trim(reopen_reason)) BETWEEN 1 AND 300),
  CONSTRAINT cash_ups_difference_is_counted_less_expected CHECK (difference = counted_cash - expected_cash),
  CONSTRAINT cash_ups_difference_has_note CHECK (difference = 0 OR char_length(trim(note)) > 0),
  CONSTRAINT cash_ups_reopened_whole CHECK ((reopened_at IS NULL) = (reopened_by IS NULL) AND (reopened_at IS NULL) = (reopen_reason IS NULL))
);
-- One closing in force per day and staff member (or desk): two staff closing at once close it once.
CREATE UNIQUE INDEX cash_ups_one_in_force ON cash_ups (day, coalesce(staff_id, '00000000-0000-0000-0000-000000000000'::uuid))
  WHERE reopened_at IS NULL;

-- A closing is never removed, and only its reopening is ever written to it.
CREATE FUNCTION cash_ups_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A closed day is kept in the history: it is reopened, never removed.' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.reopened_at IS NOT NULL OR (to_jsonb(NEW) - ARRAY['reopened_by', 'reopened_at', 'reopen_reason']) <> (to_jsonb(OLD) - ARRAY['reopened_by', 'reopened_at', 'reopen_reason']) THEN
    RAISE EXCEPTION 'A closed day is kept as it was closed: only its reopening is written to it.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER cash_ups_kept BEFORE UPDATE OR DELETE ON cash_ups FOR EACH ROW EXECUTE FUNCTION cash_ups_keep();

-- A closed day's folio lines cannot be voided until an owner reopens it. The database refuses it,
-- whoever writes the voiding line (the bookings feature maps the refusal to 409 day_closed): the
-- closing covers the lines made on that day by the staff member it names, or by anyone for the
-- whole desk. A cancellation voids the booking's charges itself and is not refused: it frees the
-- customer of charges and moves no cash (folio_void_all runs once the booking reads cancelled).
CREATE FUNCTION folio_line_day_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN RETURN NEW; END IF;
  IF EXISTS (SELECT 1 FROM bookings b WHERE b.id = NEW.booking_id AND b.status = 'cancelled') THEN RETURN NEW; END IF;
  IF EXISTS (
    SELECT 1
      FROM folio_lines l
      JOIN cash_ups c ON c.day = (l.created_at AT TIME ZONE 'America/Jamaica')::date
                     AND c.reopened_at IS NULL
                     AND (c.staff_id IS NULL OR c.staff_id = l.created_by)
     WHERE l.id = NEW.voids_line_id) THEN
    RAISE EXCEPTION 'day_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER folio_lines_day_closed BEFORE INSERT ON folio_lines
  FOR EACH ROW WHEN (NEW.voids_line_id IS NOT NULL) EXECUTE FUNCTION folio_line_day_closed();

-- Every closing and reopening is in the staff's history (activity, decision 060).
ALTER TABLE activity DROP CONSTRAINT activity_subject_check;
ALTER TABLE activity ADD CONSTRAINT activity_subject_check
  CHECK (subject IN ('booking', 'car', 'bank_details', 'block', 'company', 'customer', 'prices', 'payment', 'damage', 'staff', 'cash_up'));
CREATE TRIGGER cash_ups_activity
  AFTER INSERT OR UPDATE ON cash_ups
  FOR EACH ROW EXECUTE FUNCTION activity_row('cash_up', 'closed_at', 'reopened_at');

-- The day's sums read the payments and returns of one day.
CREATE INDEX folio_payments_created_idx ON folio_payments (created_at);
CREATE INDEX rentals_checked_out_idx ON rentals (checked_out_at);
CREATE INDEX rentals_checked_in_idx ON rentals (checked_in_at);
