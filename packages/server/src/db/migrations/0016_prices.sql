-- Prices the company sets (docs/decisions/089-one-quote-seasons-extras.md): the price rules
-- (seasons, weekly and monthly rates, other drivers, delivery), the extras it rents beside the
-- cars, and each booking's quote as it was made.

-- One row of JSON, like the company settings: the contract's PriceRules.
CREATE TABLE price_rules (
  id integer PRIMARY KEY CHECK (id = 1),
  value jsonb NOT NULL,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A row each, so a booking can lock the extra whose stock it takes. Never deleted: an extra no
-- longer offered is archived, and the bookings that have it keep it.
CREATE TABLE extras (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  charge text NOT NULL CHECK (charge IN ('per_day', 'per_rental')),
  price integer NOT NULL CHECK (price >= 0),
  max_per_booking integer NOT NULL CHECK (max_per_booking >= 1),
  -- How many the company has of a thing that runs out (child seats); NULL: no limit (a waiver).
  stock integer CHECK (stock >= 0),
  position integer NOT NULL DEFAULT 0,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX extras_live_name_idx ON extras (lower(name)) WHERE archived_at IS NULL;

-- What a booking took of each extra. The stock rule (book_car, bookCar.sql) counts the rows of
-- live bookings sharing a day.
CREATE TABLE booking_extras (
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  extra_id uuid NOT NULL REFERENCES extras (id),
  quantity integer NOT NULL CHECK (quantity >= 1),
  PRIMARY KEY (booking_id, extra_id)
);
CREATE INDEX booking_extras_extra_idx ON booking_extras (extra_id);

-- The quote as made (the contract's Quote); price stays its total. NULL for bookings made before.
ALTER TABLE bookings ADD COLUMN quote jsonb;

-- The history: price rules and extras are a subject of their own.
ALTER TABLE activity DROP CONSTRAINT activity_subject_check;
ALTER TABLE activity ADD CONSTRAINT activity_subject_check
  CHECK (subject IN ('booking', 'car', 'bank_details', 'block', 'company', 'customer', 'prices', 'payment'));

CREATE FUNCTION activity_price_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  diff record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record('prices', '1', 'changed', NULL, NEW.value);
  ELSE
    SELECT * INTO diff FROM activity_diff(OLD.value, NEW.value, '{}');
    IF diff.before IS NOT NULL THEN
      PERFORM activity_record('prices', '1', 'changed', diff.before, diff.after);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER price_rules_activity
  AFTER INSERT OR UPDATE OF value ON price_rules
  FOR EACH ROW EXECUTE FUNCTION activity_price_rules();

CREATE TRIGGER extras_activity
  AFTER INSERT OR UPDATE OR DELETE ON extras
  FOR EACH ROW EXECUTE FUNCTION activity_row('prices', 'updated_at', 'created_at', 'position');
