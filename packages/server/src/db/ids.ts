import { idSchema } from '@rental/contract';

/**
 * Ids are UUIDs. Anything else names nothing we hold: callers answer 404 without asking the
 * database, which would otherwise fail on the cast (22P02) and turn a typo into a 500.
 * Ground, not a feature: a dozen features check ids with it (in cars, it tied cars and images together).
 */
export function isId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
