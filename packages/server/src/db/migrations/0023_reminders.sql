-- Reminders the clock sends through the outbox (features/reminders/): the day before pickup, a bank
-- deposit's hold ending, staff's morning list. One row per reminder sent, written in the same
-- transaction as its letter: the key (kind, subject) lets one instance alone write it, so several
-- instances sweeping one database at the same moment send each reminder once. subject is the
-- booking's id, or the day (YYYY-MM-DD) of staff's morning list.
CREATE TABLE reminders_sent (
  kind text NOT NULL CHECK (kind IN ('pickup_reminder', 'hold_ending_reminder', 'staff_daily_summary')),
  subject text NOT NULL,
  booking_id uuid REFERENCES bookings (id),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, subject)
);

-- The company's phone and e-mail are the shipped placeholders until an owner saves the settings:
-- until then the public site and the letters say the company is setting up instead of showing them.
-- An install whose owner already saved the settings keeps showing its own.
ALTER TABLE company_settings ADD COLUMN contacts_saved_at timestamptz;
UPDATE company_settings SET contacts_saved_at = updated_at WHERE updated_by IS NOT NULL;
