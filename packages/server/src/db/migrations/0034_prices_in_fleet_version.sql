-- Issue 32 item 6: the check-availability answer carries each car's price for the days asked
-- (seasons, GCT), and is kept in the fleet cache under the fleet's version (0010). The price rules
-- and GCT must then move that version too: a season saved is quoted by the next answer.
CREATE CONSTRAINT TRIGGER price_rules_fleet_version AFTER INSERT OR UPDATE OR DELETE ON price_rules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_fleet_version();
