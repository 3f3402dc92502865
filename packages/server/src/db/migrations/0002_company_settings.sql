-- The company's facts (name, contacts, locations, deposit, currency), edited by owners.
-- One row, a JSON document: a fact added later reads its default until an owner saves it.
CREATE TABLE company_settings (
  id integer PRIMARY KEY DEFAULT 1 CONSTRAINT company_settings_single_row CHECK (id = 1),
  value jsonb NOT NULL,
  updated_by uuid REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
