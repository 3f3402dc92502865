/**
 * A refusal the API description does not list is a gap in it: a client generated from the OpenAPI
 * document would not expect it. Each one is logged, and told to whoever watches (the tests fail on
 * any: test/support/documentedFailures.ts).
 */
import { type EndpointName, failureStatuses } from '@rental/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Failures of the transport that any call taking a body may meet, whatever its handler does. */
const TRANSPORT_STATUSES = new Set([408, 413, 415, 431]);

export interface UndocumentedFailure {
  endpoint: EndpointName;
  statusCode: number;
  method: string;
  url: string;
}

const watchers = new Set<(failure: UndocumentedFailure) => void>();

/** Calls `watcher` with every failure answered that its endpoint's description does not list; returns the way to stop. */
export function watchUndocumentedFailures(watcher: (failure: UndocumentedFailure) => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** An onSend hook for the endpoint `name` (before the answer leaves, so a test sees it with its answer). */
export function checkFailureDocumented(name: EndpointName) {
  const documented = failureStatuses(name);
  return async <T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
    const statusCode = reply.statusCode;
    if (statusCode < 400 || statusCode >= 500 || documented.has(statusCode) || TRANSPORT_STATUSES.has(statusCode)) return payload;
    const failure = { endpoint: name, statusCode, method: request.method, url: request.url };
    request.log.warn(failure, 'a failure the API description does not list for this call');
    for (const watcher of watchers) watcher(failure);
    return payload;
  };
}
