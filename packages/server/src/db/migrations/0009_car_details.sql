-- Cars as they are (issue 12 item 8): doors, the daily distance allowance, and up to 8 pictures
-- in order. See docs/decisions/065-car-details-and-pictures.md.

-- NULL means "not set": answers show SPEC's usual 4 doors and 500 km.
ALTER TABLE cars ADD COLUMN doors integer CONSTRAINT cars_doors_range CHECK (doors BETWEEN 1 AND 6);
ALTER TABLE cars ADD COLUMN distance_per_day integer CONSTRAINT cars_distance_per_day_range CHECK (distance_per_day BETWEEN 1 AND 5000);

-- A car's pictures, position 0 first. cars.image_id stays the cover (the picture at position 0),
-- kept equal in the same transaction as every change, so everything that reads one image (SPEC's
-- `image`, bookings) is unchanged. Positions 0-7 and unique per car: at most 8 pictures, whatever
-- the code does. The uniqueness is checked at commit, so a reorder may swap positions freely.
CREATE TABLE car_pictures (
  car_id uuid NOT NULL REFERENCES cars(id),
  image_id uuid NOT NULL REFERENCES images(id),
  position integer NOT NULL CONSTRAINT car_pictures_position_range CHECK (position BETWEEN 0 AND 7),
  PRIMARY KEY (car_id, image_id),
  CONSTRAINT car_pictures_position_key UNIQUE (car_id, position) DEFERRABLE INITIALLY DEFERRED
);
-- deleteImageIfUnused asks whether any car still shows an image.
CREATE INDEX car_pictures_image_idx ON car_pictures (image_id);

-- Every existing car keeps its picture, as its cover.
INSERT INTO car_pictures (car_id, image_id, position) SELECT id, image_id, 0 FROM cars;
