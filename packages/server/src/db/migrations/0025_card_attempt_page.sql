-- The provider's card page of an attempt, kept while it is open: a customer who starts paying again
-- (a second tab, a reload, a double click) is sent back to the same page instead of opening a
-- second attempt that could charge the card twice. Attempts made before this have none.
ALTER TABLE payment_attempts ADD COLUMN page_url text CHECK (page_url IS NULL OR (char_length(page_url) <= 2000 AND page_url ~ '^https?://'));
-- At most one attempt of a booking is being started or on the card page at a time (the start locks
-- the booking first; this index is the sweep's and the start's way to find it).
CREATE INDEX payment_attempts_open_booking_idx ON payment_attempts (booking_id) WHERE status IN ('created', 'sent');
