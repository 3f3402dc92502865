-- WhatsApp and SMS messages beside the e-mails (issue 36; decision 128): the outbox of the two
-- channels and the customers' own messages, one row each. A letter's message is written in the
-- same statement as its e-mail (features/mail/outbox.ts), so a change that committed always has
-- it; features/mail/channelSender.ts sends it; the providers' webhooks move its state.

CREATE TABLE channel_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- out: ours to the customer; in: the customer's to us.
  direction text NOT NULL CHECK (direction IN ('out', 'in')),
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  booking_id uuid REFERENCES bookings(id),
  user_id uuid REFERENCES users(id),
  -- The customer's phone in E.164 (the one it went to, or came from).
  phone text NOT NULL,
  -- The letter's kind (out), 'reply' (an answer typed by staff), or 'customer' (in).
  kind text NOT NULL,
  -- A template's name and parameters (out); a free text has none.
  template text,
  params jsonb,
  -- The words: a template rendered (what an SMS carries), a free text, or the customer's message.
  body text NOT NULL,
  -- A check-in code, only until the message is sent (decision 124: staff never read a sent code).
  secret text,
  -- queued: waiting for its (next) attempt; sending: claimed by a sender until locked_until; sent:
  -- the provider took it; delivered; read; failed: the provider refused it or said it failed;
  -- received: a customer's message.
  state text NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'received')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  -- The provider's id ("wamid...", "SM..."): its webhooks name the message by it.
  provider_id text UNIQUE,
  last_error text,
  -- An SMS sent because the WhatsApp message it stands for failed.
  fallback_of bigint REFERENCES channel_messages(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  -- A customer's message, once a staff member opened it.
  seen_at timestamptz,
  seen_by uuid REFERENCES users(id),
  CHECK ((direction = 'in') = (state = 'received'))
);
CREATE INDEX channel_messages_due_idx ON channel_messages (next_attempt_at) WHERE state IN ('queued', 'sending');
CREATE INDEX channel_messages_booking_idx ON channel_messages (booking_id, created_at) WHERE booking_id IS NOT NULL;
-- The 24-hour window: the customer's last message from a phone.
CREATE INDEX channel_messages_from_idx ON channel_messages (phone, created_at) WHERE direction = 'in';
CREATE INDEX channel_messages_unseen_idx ON channel_messages (booking_id) WHERE direction = 'in' AND seen_at IS NULL;

-- A status that came before the sender had kept the provider's id (the provider answered the send,
-- then reported on it faster than our own write of that answer): kept here, and applied by the
-- sender's next round once the id is known (features/mail/channelStates.ts).
CREATE TABLE channel_statuses_early (
  provider_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('sent', 'delivered', 'read', 'failed')),
  at timestamptz NOT NULL,
  error text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, state)
);
