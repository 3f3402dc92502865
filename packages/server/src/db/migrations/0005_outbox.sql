-- Messages that are never lost (features/mail/outbox.ts): each e-mail is a row written in the
-- same transaction as the change it reports; a sender delivers it later, with retries.

CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What kind of message (booking_created, password_reset, ...): for the log and the owner's list.
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  booking_id uuid REFERENCES bookings(id),
  -- pending: waiting for its (next) attempt; sending: claimed by a sender until locked_until;
  -- sent; failed: given up (the SMTP server refused it, or too many attempts), until staff resend it.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX outbox_newest_idx ON outbox (created_at DESC, id DESC);

-- Password reset links: only a hash of the token is kept; valid until expires_at, and once.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);
