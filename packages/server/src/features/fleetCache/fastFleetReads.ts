/**
 * Cache hits of GET /api/user/cars and GET /api/user/car/:id answered by an onRequest hook of
 * those two routes (decision 080): once Fastify has routed the request and run every global
 * onRequest hook (the request id, helmet's headers, CORS, anything added later), a hit is sent from
 * the fleet cache before the route's validation, handler and serialisation. The answer then goes
 * through every onSend and onResponse hook (compression skips it, being encoded already; the
 * request log counts it in the route's summary), so a hook added for the whole app cannot miss these routes.
 *
 * POST /api/bookings/check-availability's hits the same way, from a preValidation hook (its key is
 * in the body, parsed by then): a body whose three fields are exactly those of a cached answer is
 * one that passed validation and the date rules already, for the same fleet stamp (which holds the
 * Jamaica day the rules were checked against), so the zod validation and the handler are skipped.
 * Anything else (a field that is not a string, one the schema would trim, a miss) goes on as before.
 *
 * A hit needs the fleet's version known without asking the database: after a write this instance
 * answered, the handler asks the database first, as it always did; a miss goes to the handler too.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { answeredFromCache } from '../../http/requestSummary';
import { sendEncoded } from './encodedAnswers';
import { answerKeys } from './fleetCache';

type CachedRoute = 'cars' | 'car' | 'checkAvailability';

const HOOKED: Record<CachedRoute, { method: string; stage: 'onRequest' | 'preValidation' }> = {
  cars: { method: 'GET', stage: 'onRequest' },
  car: { method: 'GET', stage: 'onRequest' },
  checkAvailability: { method: 'POST', stage: 'preValidation' },
};

const isCachedRoute = (endpoint: string | undefined): endpoint is CachedRoute => endpoint !== undefined && Object.hasOwn(HOOKED, endpoint);

/** The key a request's answer is kept under for a fleet stamp: the one the route's handler fills. */
function keyOf(route: CachedRoute, request: FastifyRequest, stamp: string): string | undefined {
  if (route === 'cars') return answerKeys.cars(stamp);
  // Not validated yet (that comes after this hook): a value the handler never cached simply misses.
  if (route === 'car') {
    const { id } = request.params as { id?: unknown };
    return typeof id === 'string' ? answerKeys.car(stamp, id) : undefined;
  }
  const body = request.body as { location?: unknown; pickupDate?: unknown; returnDate?: unknown } | null | undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const { location, pickupDate, returnDate } = body;
  if (typeof location !== 'string' || typeof pickupDate !== 'string' || typeof returnDate !== 'string') return undefined;
  return answerKeys.available(stamp, location, pickupDate, returnDate);
}

/** Call before the fleet's routes are registered: it adds the hook to each of them as it is declared. */
export function installFastFleetReads(app: FastifyInstance): void {
  const cache = app.fleetCache;

  /** `name`: the route as the request log's summary names it. */
  function cachedAnswer(route: CachedRoute, name: string): onRequestHookHandler & preValidationHookHandler {
    return (request, reply, done) => {
      const stamp = cache.knownStamp();
      const key = stamp === undefined ? undefined : keyOf(route, request, stamp);
      const answer = key === undefined ? undefined : cache.answers.cached(key);
      if (!answer) {
        done();
        return;
      }
      // Sent from the hook, done is not called: Fastify then runs only the onSend and onResponse hooks.
      // A quick success is counted in the route's summary line rather than logged alone (decision 130).
      answeredFromCache(request, name);
      sendEncoded(request, reply, answer).catch((err: unknown) => reply.send(err));
    };
  }

  app.addHook('onRoute', (route) => {
    const endpoint = route.config?.endpoint;
    if (!isCachedRoute(endpoint)) return;
    const { method, stage } = HOOKED[endpoint];
    if (![route.method].flat().includes(method)) return;
    // Route-level hooks run after every global one of their stage, whenever that was added.
    route[stage] = [...[route[stage] ?? []].flat(), cachedAnswer(endpoint, `${method} ${route.url}`)];
  });
}
