/**
 * helmet's security headers (CSP, HSTS, X-Frame-Options...) on every answer, worked out once at
 * start. @fastify/helmet builds helmet's middleware again for every request, parsing the CSP
 * directives each time: 10% of the server's CPU on a cached car read (decision 080). The options
 * here hold no per-request values, so the headers are the same for every answer; a route may
 * still replace one of them on its own answer (pictures set Cross-Origin-Resource-Policy).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options, by name as helmet writes it. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  for (const value of Object.values((typeof csp === 'object' && csp.directives) || {})) {
    if (value && typeof value === 'object' && [...(value as Iterable<unknown>)].some((part) => typeof part === 'function')) {
      throw new Error('A CSP directive computed per request cannot be worked out once at start.');
    }
  }
  const headers: Record<string, string> = {};
  // The few members helmet's middlewares use of a response: it only sets (and removes) headers.
  const collector = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets helmet's headers for `options` on every answer, from the first onRequest hook on. */
export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
