-- The fleet's version (issue 13): a number that changes in the same transaction as anything a
-- customer's view of the fleet depends on (cars, their pictures, bookings, blocked days, the
-- company's locations), so every app instance can tell its cached answers are out of date by
-- reading one small table. See docs/decisions/070-fleet-cache.md.
--
-- Sharded by the connection's backend so concurrent bookings on different connections do not
-- queue on one row's lock; the version is the sum of the shards. No rows until the first change
-- (a restore needs an empty database): the trigger inserts its shard the first time.
CREATE TABLE fleet_version (
  shard integer PRIMARY KEY,
  version bigint NOT NULL
);

-- Deferred to the commit (constraint triggers), and once per transaction (a transaction-local
-- flag): the shard row is locked only for the moment of the commit, however many rows changed.
-- A restore (rental.restoring, see backup/restore.ts) brings fleet_version back as it was saved,
-- row for row; servers are restarted after a restore.
CREATE FUNCTION bump_fleet_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rental.fleet_bumped', true) IS DISTINCT FROM 'yes'
     AND current_setting('rental.restoring', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('rental.fleet_bumped', 'yes', true);
    INSERT INTO fleet_version AS v (shard, version) VALUES (pg_backend_pid() % 64, 1)
      ON CONFLICT (shard) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER cars_fleet_version AFTER INSERT OR UPDATE OR DELETE ON cars
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fleet_version();

CREATE CONSTRAINT TRIGGER bookings_fleet_version AFTER INSERT OR DELETE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fleet_version();

-- A payment noted or a hold's end moved changes no reserved day: only these columns count.
CREATE CONSTRAINT TRIGGER bookings_fleet_version_change AFTER UPDATE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.pickup_date IS DISTINCT FROM NEW.pickup_date
        OR OLD.return_date IS DISTINCT FROM NEW.return_date OR OLD.car_id IS DISTINCT FROM NEW.car_id)
  EXECUTE FUNCTION bump_fleet_version();

-- The locations (check-availability refuses an unknown one).
CREATE CONSTRAINT TRIGGER company_settings_fleet_version AFTER INSERT OR UPDATE OR DELETE ON company_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fleet_version();

-- Blocked days (0006) and a car's pictures (0009) come from other migrations of the same issue
-- round; each trigger is made when its table is there.
DO $$
BEGIN
  IF to_regclass('car_blocks') IS NOT NULL THEN
    EXECUTE 'CREATE CONSTRAINT TRIGGER car_blocks_fleet_version AFTER INSERT OR UPDATE OR DELETE ON car_blocks
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fleet_version()';
  END IF;
  IF to_regclass('car_pictures') IS NOT NULL THEN
    EXECUTE 'CREATE CONSTRAINT TRIGGER car_pictures_fleet_version AFTER INSERT OR UPDATE OR DELETE ON car_pictures
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fleet_version()';
  END IF;
END;
$$;
