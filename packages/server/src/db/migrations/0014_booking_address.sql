-- The address a pending booking was made from, so pending holds are limited per address as well as
-- per account (many accounts from one place could otherwise hold the fleet). It is personal data
-- kept only while it serves that limit: once the booking is no longer pending it is forgotten.
ALTER TABLE bookings ADD COLUMN made_from text;

CREATE INDEX bookings_pending_from_idx ON bookings (made_from) WHERE status = 'pending' AND made_from IS NOT NULL;

CREATE FUNCTION bookings_forget_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.made_from := NULL;
  RETURN NEW;
END;
$$;
CREATE TRIGGER bookings_forget_address
  BEFORE UPDATE OF status ON bookings
  FOR EACH ROW WHEN (NEW.status <> 'pending' AND NEW.made_from IS NOT NULL)
  EXECUTE FUNCTION bookings_forget_address();
