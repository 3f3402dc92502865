-- Bank statements matched to bookings (docs/decisions/113-bank-statements-matched-to-bookings.md).
--
-- A statement is uploaded for one of the company's bank accounts (its account number's digits: the
-- main account or one of bank_details.other_accounts). Its lines are kept as the bank wrote them, with
-- the booking they seem to pay. A line's key is the bank's identity of it: the OFX FITID, or for a CSV
-- the date, amount, description, running balance and how many such lines came before it in the file.
CREATE TABLE bank_statements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_account text NOT NULL CHECK (bank_account ~ '^[0-9]{5,20}$'),
  format text NOT NULL CHECK (format IN ('ofx', 'csv')),
  file_name text NOT NULL DEFAULT '' CHECK (char_length(file_name) <= 200),
  currency text NOT NULL,
  uploaded_by uuid REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE INDEX bank_statements_list_idx ON bank_statements (seq DESC);

CREATE TABLE bank_statement_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  statement_id uuid NOT NULL REFERENCES bank_statements (id) ON DELETE CASCADE,
  position integer NOT NULL,
  line_key text NOT NULL CHECK (char_length(line_key) <= 300),
  bank_id text NOT NULL CHECK (char_length(bank_id) <= 200),
  posted_on date NOT NULL,
  -- Whole dollars as the folio counts them; a debit is negative (listed, never matched).
  amount integer NOT NULL,
  description text NOT NULL CHECK (char_length(description) <= 500),
  booking_id uuid REFERENCES bookings (id),
  confidence text CHECK (confidence IN ('certain', 'likely')),
  reason text,
  CHECK ((booking_id IS NULL) = (confidence IS NULL)),
  UNIQUE (statement_id, position)
);

-- A bank line paid into a booking, once per account whatever statements repeat it: the primary key
-- is what makes a re-upload, or two staff applying at once, record the money once.
CREATE TABLE bank_lines_applied (
  bank_account text NOT NULL,
  line_key text NOT NULL,
  line_id uuid NOT NULL REFERENCES bank_statement_lines (id) ON DELETE CASCADE,
  booking_id uuid NOT NULL REFERENCES bookings (id),
  payment_id uuid REFERENCES folio_payments (id),
  applied_by uuid REFERENCES users (id),
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bank_account, line_key)
);

-- A CSV's columns as chosen once for an account, and remembered.
CREATE TABLE bank_statement_mappings (
  bank_account text PRIMARY KEY,
  mapping jsonb NOT NULL,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
