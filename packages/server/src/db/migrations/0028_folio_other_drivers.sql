-- Other drivers named after booking re-quote it (features/drivers/bookingDrivers.ts): the price's
-- difference is then the drivers' own charge, so the folio says so (kind other_drivers) instead of
-- calling it a change of dates. Everything else is 0024_folio.sql's folio_booking_changed as it was.
CREATE OR REPLACE FUNCTION folio_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
