/**
 * What one client may hold of the HTTP server, and how the server lets go of everyone when it
 * stops. Applied by main.ts to the listening server (`app.server`); the request time limit itself
 * (60 s to send a whole request) is Fastify's `requestTimeout` in app.ts.
 * See docs/decisions/032-connection-limits-and-shutdown.md.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

export const SERVER_LIMITS = {
  /** Open connections at most; further ones are closed at once (19,000 idle sockets were held before). */
  maxConnections: 10_000,
  /** A request's headers must all arrive within this time (a client trickling headers is cut off). */
  headersTimeout: 15_000,
  /**
   * An idle keep-alive connection is closed after this time: above the 60 s idle timeout of common
   * load balancers and proxies, so that they, not we, close a connection they may be about to reuse.
   */
  keepAliveTimeout: 65_000,
  /** A connection on which nothing moves either way for this long (a client that stops reading) is closed. */
  socketTimeout: 120_000,
  /**
   * How often Node looks for connections past the headers or request time limit; its default (30 s)
   * would let a 15 s limit stretch to 45 s. Takes effect when the server starts listening.
   */
  connectionsCheckingInterval: 2_000,
} as const;

/** On SIGTERM: how long requests in flight may take to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 8_000;
/** Descriptors kept for everything but client connections: database files, logs, outgoing mail. */
const RESERVED_FILES = 256;

/** The process's limit of open files (Linux), which a connection count above it could never reach. */
function openFilesLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function connectionLimit(limit: number = SERVER_LIMITS.maxConnections, files: number | undefined = openFilesLimit()): number {
  return files === undefined ? limit : Math.max(64, Math.min(limit, files - RESERVED_FILES));
}

export function applyServerLimits(server: Server, log: FastifyBaseLogger): void {
  server.maxConnections = connectionLimit();
  server.headersTimeout = SERVER_LIMITS.headersTimeout;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout;
  server.timeout = SERVER_LIMITS.socketTimeout;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = SERVER_LIMITS.connectionsCheckingInterval;
  // One line a minute at most while the limit turns connections away, not one per connection.
  let warned = 0;
  server.on('drop', () => {
    if (Date.now() - warned < 60_000) return;
    warned = Date.now();
    log.warn(`${server.maxConnections} connections are open: new connections are being refused.`);
  });
}

/** While stopping, idle connections are looked for this often. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops the server within a bounded time: no new connections; idle keep-alive connections closed
 * at once, and those that become idle while stopping within IDLE_SWEEP_MS (an answer sent before
 * Fastify reaches server.close() still offers keep-alive); requests in flight get `graceMs` to
 * finish; then every connection still open (a client that sent half a body and stalled) is cut.
 * `close` is Fastify's app.close(), which resolves when no connection is left.
 */
export async function closeWithin(server: Server, close: () => Promise<void>, graceMs: number, log: FastifyBaseLogger): Promise<void> {
  const closed = close();
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => {
    log.warn(`Requests still unfinished after ${graceMs / 1000} s: closing their connections.`);
    server.closeAllConnections();
  }, graceMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
