-- The renter's address on the rental agreement (features/counter/checkOut.ts).
--
-- The site never asked a customer where they live: the counter reads it off their proof of address
-- when the keys go out, and it is a fact of that hand-over, kept beside the licence number seen.
-- NULL for the rentals checked out before it was asked.
ALTER TABLE rentals ADD COLUMN renter_address text
  CHECK (renter_address IS NULL OR length(trim(renter_address)) BETWEEN 1 AND 300);
