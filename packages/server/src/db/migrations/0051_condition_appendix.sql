-- A booking checked in online is handed over without new paperwork (docs/decisions/125): its
-- agreement stays the one signed on the phone, and the car as it leaves (odometer, fuel, damages,
-- items and keys, the time, the staff member's name and signature) is a "condition appendix" PDF,
-- kept as made beside the rental and sealed like an agreement, so the verify call knows it too.
ALTER TABLE rentals ADD COLUMN condition_pdf bytea;

ALTER TABLE sealed_agreements DROP CONSTRAINT sealed_agreements_kind_check;
ALTER TABLE sealed_agreements ADD CONSTRAINT sealed_agreements_kind_check CHECK (kind IN ('counter', 'online', 'condition'));
