-- A car's damages as pins on its drawing, with their photos and repair (features/counter/damages.ts,
-- docs/decisions/118-damage-with-a-history.md).
--
-- view: where the damage is seen (top, front, back, left, right) or inside; x and y: its place on
-- that view as fractions of the drawing's width and height. A damage noted before the drawings keeps
-- its zone and has no place (it is listed under its view; the roof is the top view).
-- repair_cost: what the repair cost, in the currency's whole units like every amount; the fleet
-- report counts it on the Jamaica day of repaired_at.
ALTER TABLE car_damages
  ADD COLUMN view text CHECK (view IN ('top', 'front', 'back', 'left', 'right', 'interior')),
  ADD COLUMN x real CHECK (x BETWEEN 0 AND 1),
  ADD COLUMN y real CHECK (y BETWEEN 0 AND 1),
  ADD COLUMN repair_cost integer CHECK (repair_cost >= 0),
  ADD CONSTRAINT car_damages_place_whole CHECK ((x IS NULL) = (y IS NULL)),
  ADD CONSTRAINT car_damages_inside_not_placed CHECK (view <> 'interior' OR x IS NULL),
  ADD CONSTRAINT car_damages_cost_when_repaired CHECK (repair_cost IS NULL OR repaired_at IS NOT NULL);

-- The damages noted so far get their zone's view, without an entry in the activity history each:
-- nobody changed them.
ALTER TABLE car_damages DISABLE TRIGGER car_damages_activity;
UPDATE car_damages SET view = CASE zone WHEN 'roof' THEN 'top' ELSE zone END;
ALTER TABLE car_damages ENABLE TRIGGER car_damages_activity;
ALTER TABLE car_damages ALTER COLUMN view SET NOT NULL;

-- A damage's photos, in the order taken; photo_id on car_damages stays its first (the older readers').
-- Written in the same statement as the damages (a data-modifying WITH): the counter's transaction
-- takes no extra round trip for them.
CREATE TABLE car_damage_photos (
  damage_id uuid NOT NULL REFERENCES car_damages (id),
  photo_id uuid NOT NULL REFERENCES counter_photos (id),
  position smallint NOT NULL CHECK (position >= 0),
  PRIMARY KEY (damage_id, position)
);
CREATE INDEX car_damage_photos_photo_idx ON car_damage_photos (photo_id);

-- The photos of the damages noted so far.
INSERT INTO car_damage_photos (damage_id, photo_id, position)
  SELECT id, photo_id, 0 FROM car_damages WHERE photo_id IS NOT NULL;
