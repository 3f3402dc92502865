-- The fleet report's kept figures (0045) are counted one booking at a time, and every statement of
-- derived.fleet_recount_bookings finds its rows by their key. 0045 ended with ANALYZE of its new,
-- empty tables, so the planner believed fleet_booking_counted empty; the plan a connection keeps
-- for a function's statement, made while the table held a handful of rows, read the whole table for
-- every booking written after (PGlite has one connection for the life of the server): 100,000
-- bookings inserted in one statement took over 30 minutes, each one slower than the one before.
-- Reading by key is always right here, whatever the statistics say.
ALTER FUNCTION derived.fleet_recount_bookings(uuid[]) SET enable_seqscan = off;
