-- A booking's history says what happened, not only which status it reached
-- (docs/decisions/103-events-then-letters.md): each event has a kind (contract companyEvents.ts)
-- and its data (ids, amounts, staff's words; never a person's details). Money and reminders are
-- events too, with no status. Letters are made from these events by features/mail.
ALTER TABLE booking_events ADD COLUMN kind text;
ALTER TABLE booking_events ADD COLUMN data jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE booking_events ALTER COLUMN status DROP NOT NULL;

-- The rows already kept are named by the step that set their status. A booking back to pending
-- after its first event was re-opened by staff, or changed by its customer: before this both
-- were kept alike, and are named 'reopen'.
UPDATE booking_events e SET
  kind = CASE
    WHEN e.status = 'pending' AND NOT EXISTS (
      SELECT 1 FROM booking_events p WHERE p.booking_id = e.booking_id AND (p.at, p.id) < (e.at, e.id)) THEN 'book'
    WHEN e.status = 'pending' THEN 'reopen'
    WHEN e.status = 'confirmed' THEN 'confirm'
    WHEN e.status = 'cancelled' THEN CASE e.reason
      WHEN 'customer' THEN 'cancel_by_customer'
      WHEN 'expired' THEN 'expire'
      WHEN 'not_approved' THEN 'not_approved'
      ELSE 'cancel_by_staff' END
    WHEN e.status = 'on_rent' THEN 'check_out'
    WHEN e.status = 'returned' THEN 'check_in'
    ELSE 'no_show' END,
  data = jsonb_build_object('status', e.status) || CASE WHEN e.reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', e.reason) END;
ALTER TABLE booking_events ALTER COLUMN kind SET NOT NULL;
-- A step of the booking's life keeps its status; anything else keeps none.
ALTER TABLE booking_events ADD CONSTRAINT booking_events_status_of_steps CHECK (
  (status IS NOT NULL) = (kind IN ('book', 'confirm', 'cancel_by_customer', 'cancel_by_staff', 'expire', 'not_approved', 'check_out', 'check_in', 'no_show', 'change', 'reopen')));
