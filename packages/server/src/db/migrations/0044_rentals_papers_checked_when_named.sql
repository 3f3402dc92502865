-- The signed agreement and the receipt are kept as made (0018, 0029): the check runs only for an
-- UPDATE that names them. An UPDATE that leaves them out cannot change them, and comparing the
-- agreement's bytes (read back from TOAST, twice) on every write of a rental's other columns cost
-- the check-in two reads of the PDF: once for the deposit settled, once for the return itself
-- (bench/counter-checkout.mjs, decision 112). The receipt is compared only once there is one.
DROP TRIGGER rentals_agreement_kept ON rentals;
CREATE TRIGGER rentals_agreement_kept BEFORE UPDATE OF agreement_pdf, signature ON rentals
  FOR EACH ROW EXECUTE FUNCTION rentals_agreement_kept();
CREATE TRIGGER rentals_receipt_kept BEFORE UPDATE OF receipt_pdf ON rentals
  FOR EACH ROW WHEN (OLD.receipt_pdf IS NOT NULL) EXECUTE FUNCTION rentals_agreement_kept();

-- The agreement's and receipt's PDFs, the signatures and the counter's photos are compressed already
-- (flate streams, PNG, JPEG): kept out of line without trying to compress them again.
ALTER TABLE rentals ALTER COLUMN agreement_pdf SET STORAGE EXTERNAL;
ALTER TABLE rentals ALTER COLUMN receipt_pdf SET STORAGE EXTERNAL;
ALTER TABLE counter_photos ALTER COLUMN content SET STORAGE EXTERNAL;
