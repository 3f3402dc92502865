-- Erasure that erases (docs/decisions/104-erasure-that-erases.md). The folio and the history are
-- append-only, yet a folio line's label may hold a customer's delivery address (the quote's
-- "Delivery and collection: ..." line) and a payment's reference or a history entry staff's words
-- about them. An erasure may rewrite those words, and only those: inside a transaction that set
-- rental.erasing (features/drivers/erasure.ts), an UPDATE that leaves every other column as it was
-- (the amounts, GCT, kinds, dates, who and which booking) is let through. A DELETE never is, and
-- without the flag nothing changes: the money stays exactly as it was written.

CREATE FUNCTION erasing() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('rental.erasing', true), '') = 'on'
$$;

CREATE OR REPLACE FUNCTION folio_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND erasing()
     AND to_jsonb(NEW) - ARRAY['label', 'reason', 'reference', 'note'] = to_jsonb(OLD) - ARRAY['label', 'reason', 'reference', 'note'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'A folio''s lines and payments are never changed or removed: add a line that voids one instead.' USING ERRCODE = 'check_violation';
END $$;

-- The history's guard is per statement (it refuses even an UPDATE that matches no row), so the
-- erasing statement passes it, and a row trigger then holds each row to its words alone.
CREATE OR REPLACE FUNCTION activity_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND erasing() THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'The history (activity) is kept as written: rows cannot be changed or removed.'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE FUNCTION activity_erasing_words_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - ARRAY['before', 'after']) <> (to_jsonb(OLD) - ARRAY['before', 'after']) THEN
    RAISE EXCEPTION 'The history (activity) is kept as written: an erasure changes its words only.'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER activity_erasing_words_only
  BEFORE UPDATE ON activity
  FOR EACH ROW EXECUTE FUNCTION activity_erasing_words_only();

-- A signed agreement and a receipt are kept as made, but for an erasure: then they are made again
-- without the renter (features/counter/erasedPapers.ts), from the same stored facts, and the
-- renter's signature goes. The receipt number and every figure beside them stay as they were.
CREATE OR REPLACE FUNCTION rentals_agreement_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF erasing() AND NEW.receipt_number IS NOT DISTINCT FROM OLD.receipt_number AND (NEW.receipt_pdf IS NULL) = (OLD.receipt_pdf IS NULL) THEN
    RETURN NEW;
  END IF;
  IF NEW.agreement_pdf IS DISTINCT FROM OLD.agreement_pdf OR NEW.signature IS DISTINCT FROM OLD.signature
     OR (OLD.receipt_pdf IS NOT NULL AND NEW.receipt_pdf IS DISTINCT FROM OLD.receipt_pdf) THEN
    RAISE EXCEPTION 'A signed agreement and a receipt are kept as they were made.';
  END IF;
  RETURN NEW;
END $$;
