-- Uploads counted per hour (docs/decisions/106-storage-that-cannot-be-filled.md, src/http/uploadGate.ts).
--
-- One row per counter: an account's ("account:<id>") or an address's ("address:<hash>", never the
-- address itself). The window starts at the first file counted and lasts an hour; the row is
-- rewritten when a file arrives after its window ended, and rows whose window ended long ago are
-- deleted as files arrive. In the database, not in one instance's memory, so every instance on
-- one PostgreSQL agrees without Redis, and a Redis outage does not loosen the limit.
CREATE TABLE upload_counters (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count >= 0),
  resets_at timestamptz NOT NULL
);
CREATE INDEX upload_counters_resets_at ON upload_counters (resets_at);
