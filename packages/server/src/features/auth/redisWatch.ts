/**
 * The limits' Redis connection as the log tells it: once when it goes away, once when it is back,
 * however many reconnection attempts fail in between (ioredis tries again every two seconds or so,
 * and each failure is an 'error' event). Failed logins meanwhile are counted in each instance's
 * memory (features/auth/loginLimits.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisWatch {
  readonly away: boolean;
  /** A command failed or timed out, or the connection reported an error. */
  wentAway(err: unknown): void;
  /** A command was answered, or the connection is ready again. */
  answered(): void;
}

export const REDIS_AWAY_LOG = "Redis is away: failed logins and registrations are counted in this instance's memory until it is back";
export const REDIS_STILL_AWAY_LOG = 'Redis is still away';
export const REDIS_BACK_LOG = 'Redis is back: failed logins and registrations are counted in Redis, shared by every instance, again';

const watches = new WeakMap<Redis, RedisWatch>();

/** One watch per connection: app.ts (which opens it) and the login limits share it. */
export function watchRedis(redis: Redis, log: FastifyBaseLogger): RedisWatch {
  const existing = watches.get(redis);
  if (existing) return existing;
  let away = false;
  const watch: RedisWatch = {
    get away() {
      return away;
    },
    wentAway(err) {
      if (away) {
        // Each failed reconnection, for whoever looks closer (LOG_LEVEL=debug).
        log.debug({ err }, REDIS_STILL_AWAY_LOG);
        return;
      }
      away = true;
      log.warn({ err }, REDIS_AWAY_LOG);
    },
    answered() {
      if (!away) return;
      away = false;
      log.info(REDIS_BACK_LOG);
    },
  };
  // Also keeps ioredis from printing "Unhandled error event" for each attempt.
  redis.on('error', (err) => watch.wentAway(err));
  redis.on('ready', () => watch.answered());
  watches.set(redis, watch);
  return watch;
}
