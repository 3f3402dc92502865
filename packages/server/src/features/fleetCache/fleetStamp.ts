/**
 * For other code that caches work derived from the fleet (the public pages' server-rendered
 * HTML): a string that changes whenever the fleet's version changes (a booking, a block, a
 * cancellation, a car, its pictures, the company's locations) or the day in Jamaica does. It is
 * read the same way the API's own cache reads it, so a write this instance acknowledged is in it.
 *
 *   const stamp = await fleetStamp(app);   // e.g. "4711@2026-11-23"
 */
import type { FastifyInstance } from 'fastify';

export async function fleetStamp(app: FastifyInstance): Promise<string> {
  return (await app.fleetCache.stamp()).stamp;
}

/** Today in Jamaica by the fleet cache's clock, the day the stamp names. */
export function fleetToday(app: FastifyInstance): string {
  return app.fleetCache.today();
}
