-- Services that fall due (features/maintenance, docs/decisions/117-services-that-fall-due.md).
--
-- A maintenance plan is a car's own (car_id) or its model's (brand_key + model_key, lower case),
-- used by every car of that make and model without a plan of its own. Its items fall due every
-- so many kilometres and/or months after the last service that did them.
CREATE TABLE maintenance_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid UNIQUE REFERENCES cars (id),
  brand_key text,
  model_key text,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_plans_car_or_model CHECK ((car_id IS NULL) = (brand_key IS NOT NULL AND model_key IS NOT NULL))
);
CREATE UNIQUE INDEX maintenance_plans_one_per_model ON maintenance_plans (brand_key, model_key) WHERE car_id IS NULL;

CREATE TABLE maintenance_plan_items (
  plan_id uuid NOT NULL REFERENCES maintenance_plans (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  name text NOT NULL CHECK (char_length(trim(name)) BETWEEN 1 AND 60),
  -- What a service names to reset it: the name in lower case, its spaces trimmed.
  item_key text NOT NULL CHECK (item_key = lower(trim(name))),
  every_km integer CHECK (every_km > 0),
  every_months integer CHECK (every_months > 0),
  PRIMARY KEY (plan_id, position),
  UNIQUE (plan_id, item_key),
  CONSTRAINT maintenance_plan_items_have_interval CHECK (every_km IS NOT NULL OR every_months IS NOT NULL)
);

-- A service done to a car. Never changed: a mistake is a new service (the fleet report counts cost on service_date).
CREATE TABLE car_services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid NOT NULL REFERENCES cars (id),
  service_date date NOT NULL,
  odometer_km integer NOT NULL CHECK (odometer_km >= 0),
  cost integer NOT NULL CHECK (cost >= 0),
  garage text NOT NULL DEFAULT '' CHECK (char_length(garage) <= 120),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_services_by_car ON car_services (car_id, service_date DESC);

-- The items a service did, by the plan's names at the time.
CREATE TABLE car_service_items (
  service_id uuid NOT NULL REFERENCES car_services (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (service_id, item_key)
);

-- Each car's last service of each item: the latest day and the highest reading among the services
-- that did it, kept as each service is logged (services are never changed), so the due list reads
-- one row per car and item instead of every service (bench/maintenance-due.mjs, decision 117).
CREATE TABLE car_item_last_service (
  car_id uuid NOT NULL REFERENCES cars (id),
  item_key text NOT NULL,
  last_on date NOT NULL,
  last_km integer NOT NULL,
  PRIMARY KEY (car_id, item_key)
);

-- The receipt's scan, cleaned as a driver's document is (no metadata, no PDF scripts); staff only.
CREATE TABLE car_service_receipts (
  service_id uuid PRIMARY KEY REFERENCES car_services (id) ON DELETE CASCADE,
  content bytea NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/webp', 'application/pdf')),
  size integer NOT NULL
);
