-- The folio (docs/decisions/099-the-folio-and-the-booking-life.md): a booking's money, one line per charge, one line per
-- payment or refund, never edited or removed. A booking's price lives in its folio from the moment
-- it is made: the lines below are written by the database itself from the booking's quote, so every
-- way a booking is made (a customer, staff, the demo, a restore's later bookings) has its folio.
-- bookings.payment_status is what the folio says (folio_payment_status), kept beside the booking so
-- staff can filter by it; it cannot be set by hand.

CREATE TABLE folio_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  kind text NOT NULL CHECK (kind IN ('rental', 'extra', 'other_drivers', 'delivery', 'discount', 'change', 'late', 'distance',
                                     'fuel', 'damage', 'cleaning', 'toll', 'fine', 'other')),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 300),
  -- Before GCT; a discount, or a line voiding a charge, is negative.
  amount integer NOT NULL,
  gct integer NOT NULL DEFAULT 0,
  -- A voiding line names the line it cancels (amount and gct its negatives), once.
  voids_line_id uuid UNIQUE REFERENCES folio_lines (id) DEFERRABLE INITIALLY DEFERRED,
  reason text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  CHECK ((voids_line_id IS NULL) OR (reason IS NOT NULL AND char_length(reason) > 0))
);
CREATE INDEX folio_lines_booking_idx ON folio_lines (booking_id, seq);

CREATE TABLE folio_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
  method text NOT NULL CHECK (method IN ('card', 'bank_deposit', 'cash', 'bank_transfer')),
  amount integer NOT NULL CHECK (amount > 0),
  reference text NOT NULL DEFAULT '' CHECK (char_length(reference) <= 200),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  -- A card payment's attempt: one payment line per attempt at most (a return that comes twice pays once).
  attempt_id uuid REFERENCES payment_attempts (id),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE INDEX folio_payments_booking_idx ON folio_payments (booking_id, seq);
CREATE UNIQUE INDEX folio_payments_attempt_idx ON folio_payments (attempt_id) WHERE attempt_id IS NOT NULL AND kind = 'payment';

-- Append-only, whoever writes: a correction is a new line.
CREATE FUNCTION folio_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A folio''s lines and payments are never changed or removed: add a line that voids one instead.' USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER folio_lines_append_only BEFORE UPDATE OR DELETE ON folio_lines FOR EACH ROW EXECUTE FUNCTION folio_refuse_change();
CREATE TRIGGER folio_payments_append_only BEFORE UPDATE OR DELETE ON folio_payments FOR EACH ROW EXECUTE FUNCTION folio_refuse_change();

-- The one rule of what a booking reads as paid; the contract's paymentStatusOf() is the same rule
-- (test/folio.test.ts holds them together).
CREATE FUNCTION folio_status_of(charged bigint, paid bigint, refunded bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN charged - paid + refunded < 0 THEN 'refund_due'
    WHEN refunded > 0 AND paid - refunded = 0 AND charged - paid + refunded = 0 THEN 'refunded'
    WHEN paid = 0 THEN 'unpaid'
    WHEN charged - paid + refunded = 0 THEN 'paid'
    WHEN paid - refunded > 0 THEN 'part_paid'
    ELSE 'unpaid'
  END
$$;

CREATE FUNCTION folio_payment_status(p_booking uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT folio_status_of(
    (SELECT coalesce(sum(amount + gct), 0) FROM folio_lines WHERE booking_id = p_booking),
    (SELECT coalesce(sum(amount), 0) FROM folio_payments WHERE booking_id = p_booking AND kind = 'payment'),
    (SELECT coalesce(sum(amount), 0) FROM folio_payments WHERE booking_id = p_booking AND kind = 'refund'))
$$;

-- Math.round (the contract's gctOn) is floor(x + 0.5); numeric keeps it exact.
CREATE FUNCTION folio_round(x numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT floor(x + 0.5)::bigint $$;

-- The quote's lines as folio lines. Each line's GCT is its share of the quote's GCT on the running
-- subtotal, so the lines' GCT adds up to the quote's exactly. A booking without a quote (made before
-- quotes) is one rental line of its price.
CREATE FUNCTION folio_lines_from_quote(p_booking uuid, p_quote jsonb, p_price integer, p_actor uuid, p_label_prefix text DEFAULT '') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  rate numeric;
BEGIN
  IF p_quote IS NULL OR jsonb_typeof(p_quote->'lines') <> 'array' THEN
    INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
    VALUES (p_booking, 'rental', p_label_prefix || 'Rental', p_price, 0, p_actor);
    RETURN;
  END IF;
  rate := folio_round(coalesce((p_quote->>'gctPercent')::numeric, 0) * 100);
  INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
  SELECT p_booking,
         CASE l.line->>'kind' WHEN 'days' THEN 'rental' WHEN 'driver' THEN 'other_drivers' WHEN 'extra' THEN 'extra'
                              WHEN 'delivery' THEN 'delivery' WHEN 'discount' THEN 'discount' ELSE 'other' END,
         left(p_label_prefix || coalesce(nullif(l.line->>'label', ''), 'Rental'), 300),
         (l.line->>'amount')::integer,
         (folio_round(sum((l.line->>'amount')::numeric) OVER w * rate / 10000)
           - coalesce(folio_round(sum((l.line->>'amount')::numeric) OVER w_before * rate / 10000), 0))::integer,
         p_actor
  FROM jsonb_array_elements(p_quote->'lines') WITH ORDINALITY AS l(line, n)
  WINDOW w AS (ORDER BY l.n ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
         w_before AS (ORDER BY l.n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  ORDER BY l.n;
  -- A price that is not the quote's total (a price set before quotes were kept in step) is said as it is.
  IF p_price <> coalesce((p_quote->>'total')::integer, p_price) THEN
    INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
    VALUES (p_booking, 'change', p_label_prefix || 'Price agreed', p_price - (p_quote->>'total')::integer, 0, p_actor);
  END IF;
END $$;

-- Every line of a booking not yet voided gets its voiding line (a cancellation frees the customer of the charges).
CREATE FUNCTION folio_void_all(p_booking uuid, p_reason text, p_actor uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO folio_lines (booking_id, kind, label, amount, gct, voids_line_id, reason, created_by)
  SELECT l.booking_id, l.kind, left('Voided: ' || l.label, 300), -l.amount, -l.gct, l.id, p_reason, p_actor
  FROM folio_lines l
  WHERE l.booking_id = p_booking AND l.voids_line_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM folio_lines v WHERE v.voids_line_id = l.id)
  ORDER BY l.seq
$$;

CREATE FUNCTION folio_actor() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('rental.actor_id', true), '')::uuid
$$;

-- A booking made: its quote's lines.
CREATE FUNCTION folio_booking_made() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  PERFORM folio_lines_from_quote(NEW.id, NEW.quote, NEW.price, folio_actor());
  IF NEW.status IN ('cancelled') THEN
    PERFORM folio_void_all(NEW.id, 'Booking cancelled', folio_actor());
  END IF;
  RETURN NULL;
END $$;

-- A booking's price changed (new dates, car, extras, drivers): one line of the difference, GCT
-- apart (the other drivers' own line when only the drivers changed: features/drivers re-quotes
-- the booking); cancelled: its charges voided; re-opened: its charges again, as its quote says now.
CREATE FUNCTION folio_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := folio_actor();
  old_gct integer := coalesce((OLD.quote->>'gct')::integer, 0);
  new_gct integer := coalesce((NEW.quote->>'gct')::integer, 0);
  old_drivers integer := coalesce((OLD.quote->>'additionalDrivers')::integer, 0);
  new_drivers integer := coalesce((NEW.quote->>'additionalDrivers')::integer, 0);
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  IF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    PERFORM folio_void_all(NEW.id, 'Booking cancelled', actor);
  ELSIF OLD.status = 'cancelled' AND NEW.status <> 'cancelled' THEN
    PERFORM folio_lines_from_quote(NEW.id, NEW.quote, NEW.price, actor, 'Re-opened: ');
  ELSIF NEW.status <> 'cancelled' AND NEW.price <> OLD.price THEN
    IF new_drivers <> old_drivers AND NEW.car_id = OLD.car_id AND NEW.pickup_date = OLD.pickup_date AND NEW.return_date = OLD.return_date THEN
      INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
      VALUES (NEW.id, 'other_drivers',
              'Other drivers named: ' || new_drivers || ' instead of ' || old_drivers || ', for ' || coalesce(NEW.quote->>'days', '?') || ' days',
              (NEW.price - new_gct) - (OLD.price - old_gct), new_gct - old_gct, actor);
    ELSE
      INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
      VALUES (NEW.id, 'change',
              'Change of booking: ' || to_char(NEW.pickup_date, 'DD/MM/YYYY') || ' to ' || to_char(NEW.return_date, 'DD/MM/YYYY'),
              (NEW.price - new_gct) - (OLD.price - old_gct), new_gct - old_gct, actor);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- What is paid is the folio's to say: whatever an UPDATE writes to payment_status, the folio's word stands.
CREATE FUNCTION folio_keeps_payment_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN RETURN NEW; END IF;
  -- Written by folio_changed below, which has just worked it out: not again.
  IF coalesce(current_setting('rental.folio_deriving', true), '') = 'on' THEN RETURN NEW; END IF;
  NEW.payment_status := folio_payment_status(NEW.id);
  RETURN NEW;
END $$;

-- A booking is made with nothing paid: its payments come after it, into its folio.
CREATE FUNCTION folio_new_booking_unpaid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN RETURN NEW; END IF;
  NEW.payment_status := 'unpaid';
  RETURN NEW;
END $$;

-- Once per statement, for each booking whose folio it added to (a quote's lines are one INSERT).
CREATE FUNCTION folio_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  PERFORM set_config('rental.folio_deriving', 'on', true);
  UPDATE bookings b SET payment_status = d.derived
    FROM (SELECT t.booking_id, folio_payment_status(t.booking_id) AS derived FROM (SELECT DISTINCT booking_id FROM added) t) d
   WHERE b.id = d.booking_id AND b.payment_status IS DISTINCT FROM d.derived;
  PERFORM set_config('rental.folio_deriving', '', true);
  RETURN NULL;
END $$;

-- The payment states the folio gives.
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;

-- Every booking so far gets its folio: its quote's lines; what was marked paid as a payment of the
-- price (by card: each paid attempt, and its refunds); "deposit received" as a payment of the price
-- it was marked against (the price before the change that made it part paid, from the history).
SELECT set_config('rental.actor_id', '', true);
DO $$
DECLARE
  b record;
  method text;
  amount integer;
BEGIN
  FOR b IN SELECT * FROM bookings ORDER BY created_at, id LOOP
    PERFORM folio_lines_from_quote(b.id, b.quote, b.price, NULL);
    IF b.status = 'cancelled' THEN
      PERFORM folio_void_all(b.id, 'Booking cancelled', NULL);
    END IF;
    method := CASE b.payment_method WHEN 'card' THEN 'card' WHEN 'cash_deposit' THEN 'bank_deposit' ELSE 'cash' END;
    INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, attempt_id, created_at)
    SELECT b.id, 'payment', 'card', a.amount, coalesce(a.transaction_id, a.order_id), 'Card payment ' || a.order_id, a.id, a.updated_at
    FROM payment_attempts a WHERE a.booking_id = b.id AND a.status IN ('paid', 'refunded');
    INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, attempt_id, created_at)
    SELECT b.id, 'refund', 'card', a.refunded_amount, coalesce(a.transaction_id, a.order_id), 'Card refund ' || a.order_id, a.id, a.updated_at
    FROM payment_attempts a WHERE a.booking_id = b.id AND a.refunded_amount > 0;
    IF b.payment_status IN ('paid', 'deposit_received')
       AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.booking_id = b.id AND a.status IN ('paid', 'refunded')) THEN
      amount := b.price;
      IF b.payment_status = 'deposit_received' THEN
        SELECT coalesce((a.before->>'price')::integer, b.price) INTO amount
        FROM activity a
        WHERE a.subject = 'booking' AND a.subject_id = b.id::text AND a.after->>'payment_status' = 'deposit_received'
        ORDER BY a.id DESC LIMIT 1;
        amount := coalesce(amount, b.price);
      END IF;
      IF amount > 0 THEN
        INSERT INTO folio_payments (booking_id, kind, method, amount, note)
        VALUES (b.id, 'payment', method, amount, 'Marked "' || replace(b.payment_status, '_', ' ') || '" before the folio');
      END IF;
    END IF;
  END LOOP;
END $$;

-- The counter's return charges and the deposit kept against them, for bookings already returned.
INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_at)
SELECT r.booking_id,
       CASE c->>'kind' WHEN 'late' THEN 'late' WHEN 'distance' THEN 'distance' WHEN 'fuel' THEN 'fuel'
                       WHEN 'damage' THEN 'damage' WHEN 'cleaning' THEN 'cleaning' ELSE 'other' END,
       left(coalesce(nullif(c->>'label', ''), 'Charge at return'), 300),
       CASE WHEN c->>'kind' = 'gct' THEN 0 ELSE (c->>'amount')::integer END,
       CASE WHEN c->>'kind' = 'gct' THEN (c->>'amount')::integer ELSE 0 END, r.checked_in_at
FROM rentals r, jsonb_array_elements(coalesce(r.charges, '[]'::jsonb)) c
WHERE r.checked_in_at IS NOT NULL AND (c->>'amount') IS NOT NULL AND (c->>'amount')::integer <> 0;
INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, created_at)
SELECT r.booking_id, 'payment', CASE r.deposit_method WHEN 'card' THEN 'card' WHEN 'bank_transfer' THEN 'bank_transfer' ELSE 'cash' END,
       least(r.deposit_kept, coalesce(r.charges_total, 0)), 'security deposit', 'Kept from the security deposit at return', r.checked_in_at
FROM rentals r WHERE r.checked_in_at IS NOT NULL AND least(r.deposit_kept, coalesce(r.charges_total, 0)) > 0;

UPDATE bookings SET payment_status = folio_payment_status(id);
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check
  CHECK (payment_status IN ('unpaid', 'part_paid', 'paid', 'refund_due', 'refunded'));

CREATE TRIGGER bookings_folio_made AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION folio_booking_made();
CREATE TRIGGER bookings_folio_changed AFTER UPDATE OF status, price ON bookings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.price IS DISTINCT FROM NEW.price)
  EXECUTE FUNCTION folio_booking_changed();
CREATE TRIGGER bookings_new_unpaid BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION folio_new_booking_unpaid();
CREATE TRIGGER bookings_payment_status_derived BEFORE UPDATE OF payment_status ON bookings
  FOR EACH ROW EXECUTE FUNCTION folio_keeps_payment_status();
CREATE TRIGGER folio_lines_changed AFTER INSERT ON folio_lines REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_changed();
CREATE TRIGGER folio_payments_changed AFTER INSERT ON folio_payments REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_changed();

