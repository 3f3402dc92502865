/**
 * The counters of @fastify/rate-limit (registration, password reset requests) in Redis while it
 * answers, and in this instance's memory while it does not: with `skipOnError` alone, Redis going
 * away turned those limits off, so anyone could register accounts without limit until it was back.
 * The failed-login counters fall back the same way (loginLimits.ts); the log line saying Redis is
 * away comes from redisWatch.ts, for both.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore as Store, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Answer = Parameters<Store['incr']>[1];
/** What the plugin passes a store: its options, with these two always set. */
type Params = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };
type RedisStoreClass = new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, nameSpace: string) => Store;
type LocalStoreClass = new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined) => Store;

// The plugin's own two stores: it exports neither, so they are loaded by their path.
const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as LocalStoreClass;

/** A store class for @fastify/rate-limit's `store` option. */
export function redisOrMemoryStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class RedisOrMemory implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: Params, shared?: Store, local?: Store) {
      this.shared = shared ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local = local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, answer: Answer, timeWindow: number, max: number): void {
      if (redis.status !== 'ready') return this.local.incr(key, answer, timeWindow, max);
      this.shared.incr(key, (err, result) => (err ? this.local.incr(key, answer, timeWindow, max) : answer(null, result)), timeWindow, max);
    }

    child(routeParams: Params & Parameters<Store['child']>[0]): Store {
      return new RedisOrMemory(routeParams, this.shared.child(routeParams), this.local.child(routeParams));
    }
  };
}
