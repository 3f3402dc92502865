-- The first schema. Migrations only move forward; each runs in its own transaction.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  content bytea NOT NULL,
  mime_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'owner')),
  image_id uuid REFERENCES images(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cars (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  added_by uuid REFERENCES users(id),
  brand text NOT NULL,
  model text NOT NULL,
  year integer NOT NULL,
  price_per_day integer NOT NULL CHECK (price_per_day > 0),
  category text NOT NULL,
  transmission text NOT NULL,
  fuel_type text NOT NULL,
  seating_capacity integer NOT NULL CHECK (seating_capacity > 0),
  location text NOT NULL,
  description text NOT NULL,
  image_id uuid NOT NULL REFERENCES images(id),
  is_available boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid NOT NULL REFERENCES cars(id),
  user_id uuid NOT NULL REFERENCES users(id),
  pickup_date date NOT NULL,
  return_date date NOT NULL,
  price integer NOT NULL CHECK (price > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  payment_method text NOT NULL CHECK (payment_method IN ('upfront', 'cash_deposit')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (return_date >= pickup_date),
  -- Inclusive range: a car returned on the 5th cannot be picked up by someone else on the 5th.
  period daterange GENERATED ALWAYS AS (daterange(pickup_date, return_date, '[]')) STORED,
  -- The guarantee against double booking, whatever the concurrency or number of app instances.
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (car_id WITH =, period WITH &&) WHERE (status <> 'cancelled')
);
CREATE INDEX bookings_user_idx ON bookings (user_id, created_at DESC);
CREATE INDEX bookings_created_idx ON bookings (created_at DESC);

CREATE TABLE bank_details (
  id integer PRIMARY KEY DEFAULT 1 CONSTRAINT bank_details_single_row CHECK (id = 1),
  bank_name text NOT NULL,
  account_holder_name text NOT NULL,
  branch text NOT NULL,
  account_number text NOT NULL,
  account_type text NOT NULL,
  updated_by uuid REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users(id),
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
