-- The database's half of making a booking: book_cars books a batch of requests in one transaction,
-- book_car one request. Applied again by the migrator whenever this file changes (a repeatable
-- file: db/migrate.ts), so the booking rules are read and changed here, in one place. The path of a
-- booking through the code: README.md beside this file. The reasons it refuses, with the answer
-- each gets: the contract's BOOKING_REFUSALS (a test holds the two together).
--
-- For each request, in this order:
--   1. Its Idempotency-Key, if it sent one, is claimed; a key used before replays the first answer.
--   2. A customer's pending holds are counted: at most rules.maxPending per account
--      (too_many_holds), and per address at most rules.maxPendingPerAddress bookings holding, with
--      this one, at most rules.maxPendingDaysPerAddress charged days (too_many_holds_from_address;
--      without that rule, as an older application sends, the days are not limited).
--      Staff booking for a caller are not limited.
--   3. The car must exist (car_not_found) and be available for hire (car_unavailable).
--   4. A cash deposit needs the company's bank details (bank_details_missing).
--   5. No day of the trip may be taken by a booking or a service block (dates_taken); the exclusion
--      constraints decide in the end.
--   6. The application's quote must have read the car as it is under the lock: a price or
--      category changed meanwhile, or an extra no longer offered, refuses it (price_changed).
--   7. The booking is stored with its quote (price = the quote's total), held for the minutes the
--      application worked out (shorter for a pickup far ahead), with the address it came from while
--      it is pending.
--   8. Its extras are stored; an extra with a stock may not be out more times than its stock on
--      any day (extra_sold_out: booking_extras_fit).
--
-- book_car answers one request as jsonb: {"outcome": "booked", booking, car},
-- {"outcome": "refused", "reason": ...}, {"outcome": "replay", hash, statusCode, response} (its
-- Idempotency-Key was used before) or {"outcome": "again"} (a new reference equal to an old one, about
-- one in a billion: the application asks again). Any other error ends the whole batch, which the
-- application then retries (a deadlock) or splits (anything else). Each rule runs in the request's
-- own subtransaction: a refused request changes nothing and does not touch the others in its batch.
--
-- rules: {"maxPending": n, "maxPendingPerAddress": n, "maxPendingDaysPerAddress"?: n}; each request: {n, userId, actorId, carId, pickupDate,
-- returnDate, holdMinutes, holdUntil? (a bank deposit's deadline in bank days), paymentMethod, limitHolds, quote, quotedCar: {pricePerDay, category},
-- address?, key?, hash?}; quote is the contract's Quote (its extras: [{id, quantity}]).

-- Does every extra of this booking fit its stock on each of its days? Raises extra_sold_out when
-- not. Each extra's row is locked first (book_cars locked them already, in its order), so two
-- bookings of the last child seat count one after the other: one wins. Staff re-opening a
-- cancelled booking ask the same.
CREATE OR REPLACE FUNCTION booking_extras_fit(wanted_booking uuid) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT e.id, e.stock, b.period FROM booking_extras be
      JOIN extras e ON e.id = be.extra_id JOIN bookings b ON b.id = be.booking_id
      WHERE be.booking_id = wanted_booking AND e.stock IS NOT NULL
      ORDER BY e.id
  LOOP
    PERFORM 1 FROM extras WHERE id = item.id FOR NO KEY UPDATE;
    IF EXISTS (
      SELECT 1 FROM generate_series(lower(item.period), upper(item.period) - 1, interval '1 day') AS d(day)
      WHERE (SELECT coalesce(sum(be.quantity), 0) FROM booking_extras be JOIN bookings b ON b.id = be.booking_id
               WHERE be.extra_id = item.id AND booking_holds_days(b.status) AND b.period @> d.day::date) > item.stock
    ) THEN
      RAISE EXCEPTION 'extra_sold_out';
    END IF;
  END LOOP;
END;
$$;

-- The signatures before this file (migration 0011) go: a changed argument list would be a second function.
DROP FUNCTION IF EXISTS book_cars(jsonb, integer, integer);
DROP FUNCTION IF EXISTS book_car(jsonb, integer, integer);

CREATE OR REPLACE FUNCTION book_car(request jsonb, rules jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  customer_id uuid := (request->>'userId')::uuid;
  wanted_car uuid := (request->>'carId')::uuid;
  held integer;
  held_days integer;
  car record;
  made record;
  stored record;
BEGIN
  -- The key is claimed first: a concurrent retry with it waits here for this transaction, then replays.
  IF request ? 'key' THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
      VALUES (customer_id, request->>'key', request->>'hash', 0, '{}')
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT request_hash, status_code, response INTO stored FROM idempotency_keys
        WHERE user_id = customer_id AND key = request->>'key';
      RETURN jsonb_build_object('outcome', 'replay', 'hash', stored.request_hash, 'statusCode', stored.status_code, 'response', stored.response);
    END IF;
  END IF;

  -- The customer's row is locked already (book_cars), so two bookings of one customer count their
  -- holds one after the other. Each statement of a VOLATILE function takes a new snapshot: the count
  -- sees holds committed while the batch waited for the lock. Staff book for callers without a limit.
  IF (request->>'limitHolds')::boolean THEN
    SELECT count(*) INTO held FROM bookings WHERE user_id = customer_id AND status = 'pending';
    IF held >= (rules->>'maxPending')::integer THEN
      RAISE EXCEPTION 'too_many_holds';
    END IF;
    -- The address's lock is held too (book_cars), so accounts of one address count one after the other.
    -- Days as the price counts them (rentalDays): a same-day return is one day.
    IF request ? 'address' THEN
      SELECT count(*), coalesce(sum(greatest(1, return_date - pickup_date)), 0) INTO held, held_days
        FROM bookings WHERE made_from = request->>'address' AND status = 'pending';
      IF held >= (rules->>'maxPendingPerAddress')::integer
         OR held_days + greatest(1, (request->>'returnDate')::date - (request->>'pickupDate')::date)
            > coalesce((rules->>'maxPendingDaysPerAddress')::integer, 2147483647) THEN
        RAISE EXCEPTION 'too_many_holds_from_address';
      END IF;
    END IF;
  END IF;

  -- One booking of a car at a time (its row locked): two inserts of overlapping days racing on the
  -- exclusion constraint could deadlock; queued on the row, the second meets the first's booking.
  SELECT id, price_per_day, is_available, image_id, brand, model, year, category, location INTO car
    FROM cars WHERE id = wanted_car AND deleted_at IS NULL FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'car_not_found';
  END IF;
  IF NOT car.is_available THEN
    RAISE EXCEPTION 'car_unavailable';
  END IF;
  IF request->>'paymentMethod' = 'cash_deposit' AND NOT EXISTS (SELECT 1 FROM bank_details) THEN
    RAISE EXCEPTION 'bank_details_missing';
  END IF;

  -- Days already taken (a booking or a block): refused without trying the insert, the usual answer
  -- on a busy day and far cheaper than a failed insert. Under the car's lock nothing can take them
  -- meanwhile except a staff re-opening; the exclusion constraints below still decide. A claimed key
  -- must be let go with the refusal, hence the exception in that case.
  IF EXISTS (SELECT 1 FROM derived.car_days_taken
             WHERE car_id = wanted_car AND period && daterange((request->>'pickupDate')::date, (request->>'returnDate')::date, '[]')) THEN
    IF request ? 'key' THEN
      RAISE EXCEPTION 'dates_taken';
    END IF;
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'dates_taken');
  END IF;

  -- The quote (the contract's quote()) read the car before its lock: it stands only if the car is
  -- still what it read, and every extra it sold is still offered.
  IF car.price_per_day <> (request#>>'{quotedCar,pricePerDay}')::integer OR car.category <> request#>>'{quotedCar,category}'
     OR EXISTS (SELECT 1 FROM jsonb_to_recordset(request#>'{quote,extras}') AS x(id uuid, quantity integer)
                LEFT JOIN extras e ON e.id = x.id WHERE e.id IS NULL OR e.archived_at IS NOT NULL) THEN
    RAISE EXCEPTION 'price_changed';
  END IF;

  -- The price is the quote's total; the hold is as long as the application worked out (holdMinutesFor),
  -- or ends at the moment it named (a bank deposit's deadline, counted in bank days: holdMinutesForPayment).
  INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, quote, status, payment_method, hold_expires_at, made_from)
    VALUES (wanted_car, customer_id, (request->>'pickupDate')::date, (request->>'returnDate')::date,
            (request#>>'{quote,total}')::integer, request->'quote', 'pending', request->>'paymentMethod',
            coalesce((request->>'holdUntil')::timestamptz, now() + make_interval(mins => (request->>'holdMinutes')::integer)), request->>'address')
    RETURNING id, reference, pickup_date, return_date, price, quote, status, status_reason, payment_method,
              hold_expires_at, payment_status, created_at INTO made;
  IF jsonb_array_length(request#>'{quote,extras}') > 0 THEN
    INSERT INTO booking_extras (booking_id, extra_id, quantity)
      SELECT made.id, x.id, x.quantity FROM jsonb_to_recordset(request#>'{quote,extras}') AS x(id uuid, quantity integer);
    PERFORM booking_extras_fit(made.id);
  END IF;
  -- Its 'book' event (the start of its history, which makes its letters) is recorded by the
  -- application in this transaction (bookBatch.ts), with the rest of the batch's.

  RETURN jsonb_build_object(
    'outcome', 'booked',
    'booking', jsonb_build_object(
      'id', made.id, 'reference', made.reference, 'pickupDate', made.pickup_date, 'returnDate', made.return_date,
      'price', made.price, 'quote', made.quote, 'status', made.status, 'statusReason', made.status_reason,
      'paymentMethod', made.payment_method, 'holdExpiresAt', made.hold_expires_at,
      'paymentStatus', made.payment_status, 'createdAt', made.created_at),
    'car', jsonb_build_object(
      'id', car.id, 'imageId', car.image_id, 'brand', car.brand, 'model', car.model, 'year', car.year,
      'category', car.category, 'location', car.location));
EXCEPTION
  -- A booking of these days (bookings_no_overlap) or a service block (car_days_taken_no_overlap).
  WHEN exclusion_violation THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'dates_taken');
  WHEN raise_exception THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', SQLERRM);
  WHEN unique_violation THEN
    RETURN jsonb_build_object('outcome', 'again');
END;
$$;

-- A batch takes its locks in one global order, so two batches (two instances) queue instead of
-- deadlocking: first the rows of every customer whose holds are counted or who sent an
-- Idempotency-Key, in id order (so keys are claimed under their owner's lock), then the addresses whose
-- holds are counted (an advisory lock each, in key order), then the extras with a stock, in id
-- order, then the cars, in id order; two requests
-- for one car go in the order they arrived. Each answer carries its request's place in the batch ("n").
CREATE OR REPLACE FUNCTION book_cars(requests jsonb, rules jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  request jsonb;
  answers jsonb := '[]';
BEGIN
  PERFORM 1 FROM users
    WHERE id IN (SELECT (value->>'userId')::uuid FROM jsonb_array_elements(requests)
                  WHERE (value->>'limitHolds')::boolean OR value ? 'key')
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM pg_advisory_xact_lock(lock_key) FROM (
    SELECT DISTINCT hashtextextended('book_car address ' || (value->>'address'), 0) AS lock_key
      FROM jsonb_array_elements(requests) WHERE (value->>'limitHolds')::boolean AND value ? 'address'
  ) AS addresses ORDER BY lock_key;
  -- The extras with a stock that any request takes, in id order, before any car.
  PERFORM 1 FROM extras
    WHERE stock IS NOT NULL AND id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(requests) AS r, jsonb_array_elements(r.value#>'{quote,extras}') AS x)
    ORDER BY id FOR NO KEY UPDATE;
  FOR request IN SELECT value FROM jsonb_array_elements(requests) ORDER BY value->>'carId', (value->>'n')::integer LOOP
    answers := answers || jsonb_build_array(book_car(request, rules) || jsonb_build_object('n', request->'n'));
  END LOOP;
  RETURN answers;
END;
$$;
