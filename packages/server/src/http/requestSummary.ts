/**
 * Reads answered from a cache, counted per route instead of logged one line each: every interval
 * (10 s by default) one line per route that had any, with the count, the statuses and the time taken
 * (median, 99th percentile, slowest). A cached car is ~35 µs of the server's CPU and its log line
 * was ~8 of them (decision 130); a line per read said nothing a count does not, as long as
 * everything else keeps its own line (see `OneLinePerRequest`).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's name ("GET /api/user/car/:id") when a cache answered the request whole; else null (see `answeredFromCache`). */
    answeredFromCache: string | null;
  }
}

/**
 * Says this request was answered from a cache, with no database or handler work: if it succeeds
 * quickly it is counted in the summary of `route` (a name made once per route, "GET /api/user/car/:id")
 * instead of having a line of its own. A property the app declares (`decorateRequest`): a WeakSet
 * of requests, or a name made per request, were 3% of a cached read's CPU.
 */
export function answeredFromCache(request: FastifyRequest, route: string): void {
  request.answeredFromCache = route;
}

export interface SummaryOptions {
  /** How often the summary lines are written, ms (default 10 s). */
  everyMs?: number;
  /** A read counted rather than logged took less than this; a slower one has its own line, ms (default 100). */
  slowMs?: number;
}

/** Whether this answered request goes into its route's summary rather than a line of its own. */
function countsInSummary(request: FastifyRequest, reply: FastifyReply, slowMs: number): boolean {
  if (request.answeredFromCache === null) return false;
  const status = reply.statusCode;
  if (!((status >= 200 && status < 300) || status === 304)) return false;
  if (reply.elapsedTime >= slowMs) return false;
  // LOG_LEVEL=debug (or trace): every request its own line, as before.
  const level = request.log.level;
  return level !== 'debug' && level !== 'trace';
}

/**
 * Times are kept as counts in buckets 5% wide from 0.01 ms (about 190 up to a slow read's 100 ms), so
 * a route's tally is a few hundred numbers however many reads it counts.
 */
const FLOOR_MS = 0.01;
const STEP = Math.log(1.05);
const bucketOf = (ms: number) => (ms <= FLOOR_MS ? 0 : Math.ceil(Math.log(ms / FLOOR_MS) / STEP));
const bucketTop = (bucket: number) => FLOOR_MS * Math.exp(bucket * STEP);
const twoFigures = (ms: number) => Number(ms.toPrecision(2));

class RouteTally {
  count = 0;
  maxMs = 0;
  readonly statuses: Record<string, number> = {};
  private readonly buckets: number[] = [];

  add(status: number, ms: number): void {
    this.count += 1;
    if (ms > this.maxMs) this.maxMs = ms;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    const bucket = bucketOf(ms);
    while (this.buckets.length <= bucket) this.buckets.push(0);
    this.buckets[bucket]! += 1;
  }

  /** The time within which this share of the reads were answered (the top of its bucket, at most the slowest), ms. */
  quantile(share: number): number {
    const wanted = Math.max(1, Math.ceil(share * this.count));
    let seen = 0;
    for (let bucket = 0; bucket < this.buckets.length; bucket++) {
      seen += this.buckets[bucket]!;
      if (seen >= wanted) return twoFigures(Math.min(bucketTop(bucket), this.maxMs));
    }
    return twoFigures(this.maxMs);
  }
}

export class RequestSummaries {
  private tallies = new Map<string, RouteTally>();
  private since = Date.now();
  private log: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly everyMs: number;
  private readonly slowMs: number;

  constructor({ everyMs = 10_000, slowMs = 100 }: SummaryOptions = {}) {
    this.everyMs = everyMs;
    this.slowMs = slowMs;
  }

  /** Counts the request if it is a quick, successful read answered from the cache; false if it needs its own line. */
  count(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!countsInSummary(request, reply, this.slowMs)) return false;
    this.log ??= request.server.log;
    const route = request.answeredFromCache!;
    let tally = this.tallies.get(route);
    if (!tally) {
      tally = new RouteTally();
      this.tallies.set(route, tally);
    }
    tally.add(reply.statusCode, reply.elapsedTime);
    if (!this.timer) {
      this.timer = setInterval(() => this.flush(), this.everyMs);
      this.timer.unref();
    }
    return true;
  }

  /** Writes one line per route counted since the last one, and starts counting again. */
  flush(): void {
    const log = this.log;
    const since = this.since;
    const tallies = this.tallies;
    this.since = Date.now();
    this.tallies = new Map();
    if (!log) return;
    for (const [route, tally] of tallies)
      log.info(
        {
          route,
          count: tally.count,
          statuses: tally.statuses,
          responseTime: { p50: tally.quantile(0.5), p99: tally.quantile(0.99), max: twoFigures(tally.maxMs) },
          since,
        },
        'requests answered from the cache',
      );
  }

  /** When the server closes: what is counted is written, and nothing more is waited for. */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }
}
