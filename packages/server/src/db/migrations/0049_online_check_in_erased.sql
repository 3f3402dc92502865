-- An erased customer's online check-ins (docs/decisions/124-online-check-in.md, "Erasure"): the
-- agreement signed on the phone holds their name, licence, address and hand, and the row the
-- address and browser they signed from. Erasure clears those and says when (erased_at); the times
-- of the steps, the pickup time and the agreement's SHA-256 stay (nothing personal), and so does the
-- seal in sealed_agreements: the copy the customer holds still checks as valid.
ALTER TABLE online_check_ins ADD COLUMN erased_at timestamptz;

ALTER TABLE online_check_ins DROP CONSTRAINT online_check_ins_complete;
ALTER TABLE online_check_ins ADD CONSTRAINT online_check_ins_complete CHECK (
  (completed_at IS NULL) = (pickup_time IS NULL)
  AND (completed_at IS NULL) = (agreement_sha256 IS NULL)
  AND (
    erased_at IS NOT NULL
    OR ((completed_at IS NULL) = (agreement_pdf IS NULL) AND (completed_at IS NULL) = (signature IS NULL))
  )
  AND (erased_at IS NULL OR (agreement_pdf IS NULL AND signature IS NULL AND signed_ip IS NULL AND signed_user_agent IS NULL))
);
