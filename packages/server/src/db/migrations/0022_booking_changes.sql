-- Changing a booking's dates or car (features/bookingChanges/, decision 095). No new column: the
-- booking's row is updated in place, and derived.car_days_taken follows it by its triggers (0018).
-- What the history must now show is who moved the days, the car or the price, and from what to what.

-- Bookings: a change of status or payment state as before, and now also of the days, the car (with
-- its name, so the history reads without looking the car up) and the price.
CREATE OR REPLACE FUNCTION activity_booking() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF (OLD.pickup_date, OLD.return_date) IS DISTINCT FROM (NEW.pickup_date, NEW.return_date) THEN
    before := before || jsonb_build_object('pickup_date', OLD.pickup_date, 'return_date', OLD.return_date);
    after := after || jsonb_build_object('pickup_date', NEW.pickup_date, 'return_date', NEW.return_date);
  END IF;
  IF OLD.car_id IS DISTINCT FROM NEW.car_id THEN
    before := before || jsonb_build_object('car_id', OLD.car_id, 'car', (SELECT brand || ' ' || model FROM cars WHERE id = OLD.car_id));
    after := after || jsonb_build_object('car_id', NEW.car_id, 'car', (SELECT brand || ' ' || model FROM cars WHERE id = NEW.car_id));
  END IF;
  IF OLD.price IS DISTINCT FROM NEW.price THEN
    before := before || jsonb_build_object('price', OLD.price);
    after := after || jsonb_build_object('price', NEW.price);
  END IF;
  IF before <> '{}' THEN
    PERFORM activity_record('booking', NEW.id::text, 'changed', before, after);
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER bookings_activity ON bookings;
CREATE TRIGGER bookings_activity
  AFTER UPDATE OF status, payment_status, pickup_date, return_date, car_id, price ON bookings
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
    OR (OLD.pickup_date, OLD.return_date, OLD.car_id, OLD.price) IS DISTINCT FROM (NEW.pickup_date, NEW.return_date, NEW.car_id, NEW.price)
  )
  EXECUTE FUNCTION activity_booking();
