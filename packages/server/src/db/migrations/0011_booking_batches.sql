-- Bookings made together (issue 13, docs/decisions/073): the server gathers the booking requests that
-- arrive while its previous batch is with the database and sends them as one statement, in one
-- transaction with their e-mails. Each request keeps every rule it had, checked here in the order the
-- application used to check them, each in its own subtransaction: a refused request (dates taken, too
-- many holds) changes nothing and does not touch the others in its batch.
--
-- book_car answers one request as jsonb: {"outcome": "booked", booking, car, customer},
-- {"outcome": "refused", "reason": ...}, {"outcome": "replay", hash, statusCode, response} (its
-- Idempotency-Key was used before) or {"outcome": "again"} (a new reference equal to an old one, about
-- one in a billion: the application asks again). Any other error ends the whole batch, which the
-- application then retries (a deadlock) or splits (anything else).

CREATE FUNCTION book_car(request jsonb, hold_minutes integer, max_pending integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  customer_id uuid := (request->>'userId')::uuid;
  wanted_car uuid := (request->>'carId')::uuid;
  customer jsonb;
  held integer;
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
  SELECT jsonb_build_object('name', name, 'email', email, 'phone', phone) INTO customer
    FROM users WHERE id = customer_id;
  IF (request->>'limitHolds')::boolean THEN
    SELECT count(*) INTO held FROM bookings WHERE user_id = customer_id AND status = 'pending';
    IF held >= max_pending THEN
      RAISE EXCEPTION 'too_many_holds';
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

  -- The price is the car's price now (under its lock) times the rental days the application counted.
  INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, status, payment_method, hold_expires_at)
    VALUES (wanted_car, customer_id, (request->>'pickupDate')::date, (request->>'returnDate')::date,
            car.price_per_day * (request->>'rentalDays')::integer, 'pending', request->>'paymentMethod',
            now() + make_interval(mins => hold_minutes))
    RETURNING id, reference, pickup_date, return_date, price, status, status_reason, payment_method,
              hold_expires_at, payment_status, created_at INTO made;
  INSERT INTO booking_events (booking_id, status, actor_id) VALUES (made.id, 'pending', customer_id);

  RETURN jsonb_build_object(
    'outcome', 'booked',
    'booking', jsonb_build_object(
      'id', made.id, 'reference', made.reference, 'pickupDate', made.pickup_date, 'returnDate', made.return_date,
      'price', made.price, 'status', made.status, 'statusReason', made.status_reason,
      'paymentMethod', made.payment_method, 'holdExpiresAt', made.hold_expires_at,
      'paymentStatus', made.payment_status, 'createdAt', made.created_at),
    'car', jsonb_build_object(
      'id', car.id, 'imageId', car.image_id, 'brand', car.brand, 'model', car.model, 'year', car.year,
      'category', car.category, 'location', car.location),
    'customer', customer);
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
-- Idempotency-Key, in id order (so keys are claimed under their owner's lock), then the cars, in id
-- order; two requests for one car go in the order they arrived. Each answer carries its request's
-- place in the batch ("n").
CREATE FUNCTION book_cars(requests jsonb, hold_minutes integer, max_pending integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  request jsonb;
  answers jsonb := '[]';
BEGIN
  PERFORM 1 FROM users
    WHERE id IN (SELECT (value->>'userId')::uuid FROM jsonb_array_elements(requests)
                  WHERE (value->>'limitHolds')::boolean OR value ? 'key')
    ORDER BY id FOR NO KEY UPDATE;
  FOR request IN SELECT value FROM jsonb_array_elements(requests) ORDER BY value->>'carId', (value->>'n')::integer LOOP
    answers := answers || jsonb_build_array(book_car(request, hold_minutes, max_pending) || jsonb_build_object('n', request->'n'));
  END LOOP;
  RETURN answers;
END;
$$;
