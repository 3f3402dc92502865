/**
 * Cache hits of GET /api/user/cars and GET /api/user/car/:id answered where node:http hands
 * over the request, before Fastify's routing, hooks and request logging (decision 071): a hit
 * is a lookup and one write, which is what lets these reads run near a bare node:http server.
 *
 * It answers only what Fastify would have answered with the same bytes: the headers are those of
 * Fastify's own last answer of that route (helmet's, cache-control, vary, content-type), with this
 * request's id, ETag, encoding and length. Anything else goes to Fastify as before: a miss, a
 * fleet version not known without asking the database (a write was just answered), a request with
 * an Origin (CORS headers depend on it), a query string, or a server that is closing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API } from '@rental/contract';
import type { FastifyInstance } from 'fastify';
import { type EncodedAnswer, matchesEtag, preferredEncoding } from '../features/fleetCache/encodedAnswers';
import { answerKeys } from '../features/fleetCache/fleetCache';
import { requestId } from './logging';

const CARS_PATH = API.cars;
const CAR_PREFIX = API.car('');
/** What a car id can look like in the path; anything else (encoded characters, slashes) goes to Fastify. */
const PLAIN_ID = /^[0-9a-fA-F-]{1,64}$/;
/** Set per answer, never copied from the template. */
const PER_ANSWER = new Set(['x-request-id', 'etag', 'content-encoding', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

type Route = 'cars' | 'car';

export function installFastFleetReads(app: FastifyInstance): void {
  const cache = app.fleetCache;
  /** The headers of Fastify's latest 200 answer per route, without the per-answer ones, as [name, value, name, value...]. */
  const templates = new Map<Route, string[]>();
  let closing = false;

  app.addHook('onSend', (request, reply, payload, done) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if ((endpoint === 'cars' || endpoint === 'car') && reply.statusCode === 200 && !request.headers.origin) {
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (PER_ANSWER.has(name) || value === undefined) continue;
        for (const one of [value].flat()) headers.push(name, String(one));
      }
      templates.set(endpoint, headers);
    }
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  function answerOf(req: IncomingMessage): { route: Route; answer: EncodedAnswer } | undefined {
    if (req.method !== 'GET' || closing || req.headers.origin !== undefined) return undefined;
    const url = req.url ?? '';
    let route: Route;
    let key: (stamp: string) => string;
    if (url === CARS_PATH) {
      route = 'cars';
      key = answerKeys.cars;
    } else if (url.startsWith(CAR_PREFIX) && PLAIN_ID.test(url.slice(CAR_PREFIX.length))) {
      route = 'car';
      const id = url.slice(CAR_PREFIX.length);
      key = (stamp) => answerKeys.car(stamp, id);
    } else return undefined;
    if (!templates.has(route)) return undefined;
    const stamp = cache.knownStamp();
    if (stamp === undefined) return undefined;
    const answer = cache.answers.cached(key(stamp));
    if (!answer) return undefined;
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!(encoding && answer[encoding]) && !answer.identity) return undefined;
    return { route, answer };
  }

  function send(req: IncomingMessage, res: ServerResponse, route: Route, answer: EncodedAnswer): void {
    const template = templates.get(route)!;
    if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
      const headers: string[] = [];
      for (let i = 0; i < template.length; i += 2) if (template[i] !== 'content-type') headers.push(template[i]!, template[i + 1]!);
      res.writeHead(304, [...headers, 'x-request-id', requestId(req), 'etag', answer.etag]);
      res.end();
      return;
    }
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const compressed = encoding && answer[encoding];
    // A large answer keeps no plain copy: Fastify's path unzips it (see answerOf).
    const body = compressed || answer.identity!;
    const headers = [...template, 'x-request-id', requestId(req), 'etag', answer.etag];
    if (compressed) headers.push('content-encoding', encoding);
    headers.push('content-length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
  }

  // Fastify listens with one 'request' listener (its router); the fast path goes in front of it.
  const server = app.server;
  const [fastify, ...others] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!fastify || others.length > 0) {
    app.log.warn('fleet cache: the server does not have one request listener; cached reads go through Fastify');
    return;
  }
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const hit = answerOf(req);
    if (hit) send(req, res, hit.route, hit.answer);
    else fastify(req, res);
  });
}
