-- A car's papers (features/carPapers, docs/decisions/116-car-papers.md): its registration,
-- certificate of fitness and insurance, each with the first day it no longer covers the car
-- (expires_on). A renewal is a new row, so nothing stored is lost; the current paper of a kind is
-- the one that expires last. cost (whole units of the currency, as the folio's amounts) counts on
-- paid_on in the fleet report.
CREATE TABLE car_papers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid NOT NULL REFERENCES cars (id),
  kind text NOT NULL CHECK (kind IN ('registration', 'fitness', 'insurance')),
  expires_on date NOT NULL,
  insurer text CHECK (insurer IS NULL OR char_length(insurer) BETWEEN 1 AND 100),
  policy_number text CHECK (policy_number IS NULL OR char_length(policy_number) BETWEEN 1 AND 60),
  cost integer CHECK (cost IS NULL OR cost >= 0),
  paid_on date,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT car_papers_insurance_named CHECK (kind <> 'insurance' OR (insurer IS NOT NULL AND policy_number IS NOT NULL))
);
-- The current paper of each kind of a car, read by every check-out (one index probe per kind).
CREATE INDEX car_papers_current_idx ON car_papers (car_id, kind, expires_on DESC);
-- The alerts' sweep and the papers page read papers by expiry.
CREATE INDEX car_papers_expires_idx ON car_papers (expires_on);

-- A paper's scan, private as a driver's documents are: read only through its own staff call, erased with its paper.
CREATE TABLE car_paper_scans (
  paper_id uuid PRIMARY KEY REFERENCES car_papers (id) ON DELETE CASCADE,
  content bytea NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/webp', 'application/pdf')),
  size integer NOT NULL,
  uploaded_by uuid REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

-- Staff's alert before a paper expires, once per (paper, days before): the key is taken in the
-- transaction that records the alert's event, so several instances sweeping one database send it once.
CREATE TABLE car_paper_alerts (
  paper_id uuid NOT NULL REFERENCES car_papers (id) ON DELETE CASCADE,
  days_before integer NOT NULL CHECK (days_before IN (30, 14, 3)),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (paper_id, days_before)
);
