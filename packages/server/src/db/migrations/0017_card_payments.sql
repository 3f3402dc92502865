-- Card payments (features/payments/): one row per visit to the provider's card page. The amount is
-- the server's (the booking's price when the attempt began), never the browser's; the order id is
-- unique per attempt (WiPay takes at most 16 characters where First Global Bank's page is used).
-- No card number is ever stored: only its last 4 digits, as the provider sends them back.
CREATE TABLE payment_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  order_id text NOT NULL UNIQUE CHECK (char_length(order_id) BETWEEN 1 AND 16),
  -- Which provider took it: the local sandbox's attempts are told apart from real ones.
  provider text NOT NULL CHECK (provider IN ('wipay', 'sandbox')),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- Forward only (attempt_forward_only below): created → sent → paid | failed | expired;
  -- expired → paid | failed (a late return, or staff closing it); paid → refunded.
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'sent', 'paid', 'failed', 'expired', 'refunded')),
  refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  -- The provider's id of the transaction (given when the card page is asked for).
  transaction_id text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  -- The provider's words about the result ("Card declined"), shown to the customer and staff.
  message text,
  -- Staff who looked an attempt that never came back up in the provider's dashboard.
  close_note text,
  closed_by uuid REFERENCES users (id),
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'refunded') = (refunded_amount > 0))
);
CREATE INDEX payment_attempts_booking_idx ON payment_attempts (booking_id, created_at DESC);
-- The sweep and the hold rule look for open attempts; staff's list for those that never came back.
CREATE INDEX payment_attempts_open_idx ON payment_attempts (created_at) WHERE status IN ('created', 'sent', 'expired');
-- One provider transaction pays one attempt at most (a return copied onto another order id pays nothing).
CREATE UNIQUE INDEX payment_attempts_transaction_idx ON payment_attempts (provider, transaction_id) WHERE transaction_id IS NOT NULL;

-- What a payment was is not rewritten: the booking, order, amount and currency stay; the status only
-- moves forward; refunds only add up. Whatever writes (a route, the owner tool, a typed UPDATE).
CREATE FUNCTION payment_attempt_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.booking_id IS DISTINCT FROM OLD.booking_id OR NEW.order_id IS DISTINCT FROM OLD.order_id
     OR NEW.provider IS DISTINCT FROM OLD.provider OR NEW.amount IS DISTINCT FROM OLD.amount
     OR NEW.currency IS DISTINCT FROM OLD.currency THEN
    RAISE EXCEPTION 'A payment attempt''s booking, order id, provider, amount and currency never change.' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.refunded_amount < OLD.refunded_amount THEN
    RAISE EXCEPTION 'A refund recorded cannot be taken back.' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'created' AND NEW.status IN ('sent', 'failed', 'expired'))
    OR (OLD.status = 'sent' AND NEW.status IN ('paid', 'failed', 'expired'))
    OR (OLD.status = 'expired' AND NEW.status IN ('paid', 'failed'))
    OR (OLD.status = 'paid' AND NEW.status = 'refunded')
  ) THEN
    RAISE EXCEPTION 'A payment attempt cannot go from % back to %.', OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
CREATE TRIGGER payment_attempts_forward_only
  BEFORE UPDATE ON payment_attempts
  FOR EACH ROW EXECUTE FUNCTION payment_attempt_forward_only();

-- A booking may now be paid by card.
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_method_check CHECK (payment_method IN ('upfront', 'cash_deposit', 'card'));

-- The history (subject 'payment', allowed since 0016): every attempt and every change of it, with
-- its order id so an entry reads on its own. Staff's note is free text (it may name the customer,
-- and the history is never erased): only whether one was given.
CREATE FUNCTION activity_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := ARRAY['created_at', 'updated_at', 'close_note'];
  diff record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record('payment', NEW.id::text, 'added', NULL,
      jsonb_build_object('booking_id', NEW.booking_id, 'order_id', NEW.order_id, 'provider', NEW.provider,
                         'amount', NEW.amount, 'currency', NEW.currency, 'status', NEW.status));
  ELSE
    SELECT * INTO diff FROM activity_diff(to_jsonb(OLD) - ignored, to_jsonb(NEW) - ignored, '{}');
    IF diff.before IS NOT NULL THEN
      PERFORM activity_record('payment', NEW.id::text, 'changed', diff.before,
        diff.after || jsonb_build_object('order_id', NEW.order_id)
          || CASE WHEN NEW.close_note IS DISTINCT FROM OLD.close_note THEN jsonb_build_object('note_given', coalesce(NEW.close_note, '') <> '') ELSE '{}' END);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER payment_attempts_activity
  AFTER INSERT OR UPDATE ON payment_attempts
  FOR EACH ROW EXECUTE FUNCTION activity_payment();
