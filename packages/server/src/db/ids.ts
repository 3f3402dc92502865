import { idSchema } from '@rental/contract';

/** Ground, not a feature: a dozen features check ids from the URL with this (it lived in cars, which tied cars and images to each other). */

/**
 * Ids are UUIDs. Anything else names nothing we hold: callers answer 404 without asking the
 * database, which would otherwise fail on the cast (22P02) and turn a typo into a 500.
 */
export function isId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
