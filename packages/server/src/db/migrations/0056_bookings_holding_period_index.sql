-- The days of the bookings that hold them (booking_holds_days: not cancelled, not a no-show), in a
-- GiST index of their own. Today's pickups and returns, the timeline, the desk and the month's
-- occupancy ask for exactly those bookings on some days. The planner then found two indexes: the
-- whole table's period (bookings_period_idx, 0007) and the overlap rule's (car, period), which covers
-- just these bookings and so looked the smaller; for some days it took the latter, which cannot look
-- up days without a car and read most of its pages (636 for 87 bookings at 100,000 bookings: today's
-- movements 16-20 ms on PGlite instead of 7). This index is what those queries want and the cheapest
-- in the planner's eyes. Decision 133.
CREATE INDEX bookings_holding_period_idx ON bookings USING gist (period) WHERE booking_holds_days(status);
