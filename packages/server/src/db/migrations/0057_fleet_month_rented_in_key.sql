-- The fleet's rented days in a month (the dashboard's occupancy, features/fleetReport/monthRented.ts)
-- are summed from the kept monthly figures (0045), one row a car. The key's index now carries
-- `rented`, so the month's rows come from a few index pages (7 for 1,000 cars) instead of one heap
-- page each (346), and no second index is written as the figures change. Decision 136.
CREATE UNIQUE INDEX fleet_month_figures_key ON derived.fleet_month_figures (month, car_id) INCLUDE (rented);
ALTER TABLE derived.fleet_month_figures
  DROP CONSTRAINT fleet_month_figures_pkey,
  ADD CONSTRAINT fleet_month_figures_pkey PRIMARY KEY USING INDEX fleet_month_figures_key;
