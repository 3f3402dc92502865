-- What came back of the items handed over with the car (features/counter/checkIn.ts).
--
-- Check-out lists the items handed over (rentals.items); check-in now asks which came back. Those
-- that did not are a fact of the return, kept on the rental beside its other readings, and printed
-- on the receipt. Written by the check-in's own UPDATE of the row: no extra statement. Empty for
-- rentals not checked in, checked in before it was asked, or whose every item came back.
ALTER TABLE rentals ADD COLUMN items_missing jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(items_missing) = 'array');
