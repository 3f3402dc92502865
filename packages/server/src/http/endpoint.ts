/**
 * Registers a route from the contract's endpoint table: its method, path, guard and schemas come
 * from the table, so a route cannot drift from what OpenAPI and the web client say of it.
 * Input is validated by the table's zod schemas before the handler runs (failures become our
 * { success: false, message } 400 in errorHandler.ts); the answer is serialised by its schema, so
 * nothing the schema does not name ever leaves the server.
 */
import {
  type Access,
  type BodyOf,
  ENDPOINTS,
  type EndpointName,
  type EndpointSchemas,
  type ParamsOf,
  type QueryOf,
  ROUTES,
  type ResponseInputOf,
} from '@rental/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { checkFailureDocumented } from './documentedFailures';

export type EndpointRequest<N extends EndpointName> = FastifyRequest<{
  Body: BodyOf<N>;
  Params: ParamsOf<N>;
  Querystring: QueryOf<N>;
}>;

/** Returns the answer to serialise, or the reply when it sent something itself (a picture, a 304). */
export type EndpointHandler<N extends EndpointName> = (request: EndpointRequest<N>, reply: FastifyReply) => Promise<ResponseInputOf<N> | FastifyReply>;

export interface EndpointOptions {
  /** Route config, e.g. a rate limit. */
  config?: FastifyContextConfig;
}

/** Lets a request through, or throws the HttpError that refuses it. */
export type AccessGuard = (request: FastifyRequest) => Promise<void>;

/**
 * The checks behind the table's access levels other than "anyone". They read sessions, which is
 * the accounts feature's business: app.ts hands them over (provideAccessGuards) before any route is
 * added, so this plumbing does not import a feature.
 */
export type AccessGuards = Record<Exclude<Access, 'anyone'>, AccessGuard>;

export function provideAccessGuards(app: FastifyInstance, guards: AccessGuards): void {
  app.decorate('accessGuards', guards);
}

/** Guards run first (onRequest): a caller who may not make the call is answered before its body is read. */
function guardOf(app: FastifyInstance, access: Access, name: EndpointName): AccessGuard | undefined {
  if (access === 'anyone') return undefined;
  const guard = app.hasDecorator('accessGuards') ? app.accessGuards[access] : undefined;
  // A call meant for some callers must never be added open to all.
  if (!guard) throw new Error(`The ${name} endpoint is for ${access}s, but no access guards were provided (provideAccessGuards).`);
  return guard;
}

function isSchema(response: EndpointSchemas['response']): response is z.ZodType {
  return !('binary' in response);
}

export function addEndpoint<N extends EndpointName>(app: FastifyInstance, name: N, handler: EndpointHandler<N>, options: EndpointOptions = {}): void {
  const route = ROUTES[name];
  const def: EndpointSchemas = ENDPOINTS[name];
  const status = def.status ?? 200;
  const guard = guardOf(app, route.access, name);
  app.route<{ Body: BodyOf<N>; Params: ParamsOf<N>; Querystring: QueryOf<N> }>({
    method: route.method,
    url: route.path,
    schema: {
      ...(def.params && { params: def.params }),
      ...(def.query && { querystring: def.query }),
      ...(def.body && { body: def.body }),
      ...(isSchema(def.response) && { response: { [status]: def.response } }),
    },
    // The library's compilers take zod schemas; Fastify's types expect its JSON-schema shape.
    validatorCompiler: validatorCompiler as never,
    serializerCompiler: serializerCompiler as never,
    ...(guard && { onRequest: guard }),
    onSend: checkFailureDocumented(name),
    config: { ...options.config, endpoint: name },
    handler: async (request, reply) => {
      reply.code(status);
      return handler(request, reply);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The checks of the table's access levels (see provideAccessGuards). */
    accessGuards: AccessGuards;
  }
  interface FastifyContextConfig {
    /** The endpoint table's name of the route (see addEndpoint). */
    endpoint?: EndpointName;
    /**
     * A write that never changes what the public fleet answers depend on (cars, prices, days held):
     * its answer does not make this instance's next fleet read ask the database (fleetCache).
     */
    fleetUnchanged?: true;
  }
}
