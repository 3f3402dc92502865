/**
 * The fleet cache of one app instance: the fleet's version, the Jamaica day, and the encoded
 * answers of the public fleet reads keyed on both (docs/decisions/070-fleet-cache.md).
 */
import { companyToday } from '@rental/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnswerCache } from './encodedAnswers';
import { FleetVersion } from './fleetVersion';

export interface FleetCacheOptions {
  /** The clock that says which day it is in Jamaica (tests move it past midnight). */
  now?: () => Date;
  /** How often other instances' changes are looked for, ms (default 500: seen within a second). */
  pollMs?: number;
  /** The most the cached answers may hold as brotli, gzip and small JSON, bytes (default 24 MiB). */
  maxBytes?: number;
  /**
   * The most the JSON kept for clients that take no compression may hold, bytes (default 48 MiB:
   * 1,000 cars' 64 most asked availability answers are ~41 MB of JSON; decision 130).
   */
  plainBytes?: number;
}

export class FleetCache {
  readonly version: FleetVersion;
  readonly answers: AnswerCache;
  readonly now: () => Date;

  constructor(app: FastifyInstance, options: FleetCacheOptions) {
    this.version = new FleetVersion(app.db);
    this.answers = new AnswerCache({ maxBytes: options.maxBytes ?? 24 * 1024 * 1024, plainBytes: options.plainBytes ?? 48 * 1024 * 1024 });
    this.now = options.now ?? (() => new Date());
  }

  /** The day last computed and the clock times it holds for: formatting a date costs ~10 µs, a comparison nothing. */
  private day: { day: string; from: number; until: number } | undefined;

  /** Today in Jamaica by this cache's clock: what a cached answer's reserved days were computed for. */
  today(): string {
    const now = this.now().getTime();
    const memo = this.day;
    if (memo && now >= memo.from && now < memo.until) return memo.day;
    const day = companyToday(new Date(now));
    // The first millisecond of the next day in Jamaica, found by bisection (whatever the zone's rules).
    let lo = now;
    let hi = now + 26 * 60 * 60 * 1000;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (companyToday(new Date(mid)) === day) lo = mid;
      else hi = mid;
    }
    this.day = { day, from: now, until: hi };
    return day;
  }

  /** Changes with the fleet's version and with the day in Jamaica. */
  async stamp(): Promise<{ stamp: string; today: string }> {
    const version = await this.version.current();
    const today = this.today();
    return { stamp: `${version}@${today}`, today };
  }

  /** The stamp when it is known without asking the database (see FleetVersion.known), else undefined. */
  knownStamp(): string | undefined {
    const version = this.version.known();
    return version === undefined ? undefined : `${version}@${this.today()}`;
  }
}

/** Cache keys of the answers, shared by the routes and their cached-read hook (fastFleetReads.ts). */
export const answerKeys = {
  cars: (stamp: string) => `${stamp} cars`,
  car: (stamp: string, id: string) => `${stamp} car ${id}`,
  carsPage: (stamp: string, query: readonly unknown[]) => `${stamp} carsPage ${JSON.stringify(query)}`,
  available: (stamp: string, location: string, pickupDate: string, returnDate: string) =>
    `${stamp} available ${JSON.stringify([location, pickupDate, returnDate])}`,
};

declare module 'fastify' {
  interface FastifyInstance {
    fleetCache: FleetCache;
  }
}

/**
 * POSTs that only read: they must not make the next read ask the database again (a change's
 * preview runs the change and rolls it back).
 */
const READ_ONLY_CALLS = new Set(['checkAvailability', 'quote', 'bookingChangeQuote']);

function mayWrite(request: FastifyRequest): boolean {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  // Unknown addresses have no route config: counted as writes (harmless, one extra version read).
  const config = request.routeOptions.config;
  return !config?.fleetUnchanged && !READ_ONLY_CALLS.has(config?.endpoint ?? '');
}

export function registerFleetCache(app: FastifyInstance, options: FleetCacheOptions = {}): void {
  const cache = new FleetCache(app, options);
  app.decorate('fleetCache', cache);

  // Before any answer to a write goes out (its transaction has committed by then), the next read on
  // this instance is made to ask the database: what a customer was told is done, they then see.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (mayWrite(request)) cache.version.markDirty();
    done(null, payload);
  });

  const timer = setInterval(() => {
    cache.version.read().catch((err: unknown) => app.log.warn({ err }, 'fleet cache: could not read the fleet version'));
  }, options.pollMs ?? 500);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
