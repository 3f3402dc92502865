-- The counter collects the money (features/counter/checkOut.ts).
--
-- Keys may go out with the balance still owing only when an owner or a manager chooses "pay at
-- return", with a reason. That choice moves no money, so it has no place among the folio's
-- payments; it is a fact of the hand-over, so it is kept on the rental row written at check-out,
-- beside the deposit, where the booking's page, the agreement and the desk read the check-out.
ALTER TABLE rentals ADD COLUMN pay_at_return_reason text
  CHECK (pay_at_return_reason IS NULL OR length(trim(pay_at_return_reason)) BETWEEN 1 AND 300);
ALTER TABLE rentals ADD COLUMN pay_at_return_by uuid REFERENCES users (id);
ALTER TABLE rentals ADD CONSTRAINT rentals_pay_at_return_named
  CHECK ((pay_at_return_reason IS NULL) = (pay_at_return_by IS NULL));
