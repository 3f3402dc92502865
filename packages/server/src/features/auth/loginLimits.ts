/**
 * Failed logins, limited three ways (docs/decisions/008-accounts-and-first-owner.md):
 * - per account and address (10 a minute): one person guessing one password;
 * - per address, any account (100 a minute): one machine trying many accounts; loose, because a
 *   phone carrier's or an office's shared address stands for many honest people;
 * - per account, any address (50 per 15 minutes): many machines guessing one password.
 * A browser that has logged in to the account before (features/auth/deviceCookie.ts) is not
 * counted with those strangers but on its own, with the same numbers per device (10 a minute, 50
 * per 15 minutes), so guessers elsewhere cannot lock the account's own person out
 * (docs/decisions/079-login-lock-and-reset-links.md).
 * Only failures count. An attempt takes its place in its counters before the password is checked
 * (so a burst of parallel guesses cannot all pass the check at once) and gives it back when the
 * password was right.
 * With a Redis client the counters are shared by every instance; while Redis does not answer they
 * are kept in this instance's memory, and the log says so once (features/auth/redisWatch.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { addressKey } from '../../http/clientAddress';
import { type RedisWatch, watchRedis } from './redisWatch';

// Where it lived first; its tests still read it here.
export { addressKey };

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface LoginLimitRules {
  accountAddress: LimitRule;
  address: LimitRule;
  account: LimitRule;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimitRules = {
  accountAddress: { max: 10, windowMs: 60_000 },
  address: { max: 100, windowMs: 60_000 },
  account: { max: 50, windowMs: 15 * 60_000 },
};

export type LoginGate =
  | { allowed: true; /** The password was right (or the check failed on our side): the attempt does not count. */ release(): Promise<void> }
  | {
      allowed: false;
      retryAfterSeconds: number;
      /** The account's own limit refused (too many failures from everywhere): a known browser would still get in. */
      accountLocked: boolean;
    };

export interface LoginLimiter {
  /**
   * Call before checking the password; on a wrong password simply do not release. `device`: this
   * browser's id for the account (features/auth/deviceCookie.ts), when it showed a valid one.
   */
  begin(email: string, address: string, device?: string): Promise<LoginGate>;
}

interface Counter {
  key: string;
  max: number;
  windowMs: number;
}

type Taken =
  | { ok: true; /** Gives the attempt back to the store that counted it. */ giveBack(): Promise<void> }
  | { ok: false; retryMs: number; /** Positions of the counters that were over their limit. */ over: number[] };

/** Counters with fixed windows. take() is all or nothing: over any limit, nothing is counted. */
interface CounterStore {
  take(counters: Counter[]): Promise<Taken>;
}

/** E-mails are not written into the store's key names as they are. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

class MemoryCounters implements CounterStore {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  async take(counters: Counter[]): Promise<Taken> {
    const now = Date.now();
    this.sweep(now);
    const entries = counters.map((c) => {
      const entry = this.counts.get(c.key);
      return entry && entry.resetAt > now ? entry : { count: 0, resetAt: now + c.windowMs };
    });
    let retryMs = 0;
    const over: number[] = [];
    counters.forEach((c, i) => {
      const entry = entries[i]!;
      if (entry.count + 1 > c.max) {
        retryMs = Math.max(retryMs, entry.resetAt - now);
        over.push(i);
      }
    });
    if (over.length > 0) return { ok: false, retryMs: Math.max(1, retryMs), over };
    counters.forEach((c, i) => {
      const entry = entries[i]!;
      entry.count += 1;
      this.counts.set(c.key, entry);
    });
    return { ok: true, giveBack: () => this.giveBack(counters.map((c) => c.key)) };
  }

  async giveBack(keys: string[]) {
    const now = Date.now();
    for (const key of keys) {
      const entry = this.counts.get(key);
      if (!entry || entry.resetAt <= now) continue;
      entry.count -= 1;
      if (entry.count <= 0) this.counts.delete(key);
    }
  }

  /** Ended windows are dropped now and then, so many addresses do not grow the map for ever. */
  private sweep(now: number) {
    if (this.counts.size < 1000 || now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}

/**
 * Over any limit: count nothing and answer the longest wait, then the positions (1-based) of the
 * counters over their limit. Otherwise: count all (new windows start) and answer {0}.
 */
const TAKE_SCRIPT = `
local retry = 0
local over = {}
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count + 1 > tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      ttl = tonumber(ARGV[2 * i])
      redis.call('PEXPIRE', KEYS[i], ttl)
    end
    if ttl > retry then retry = ttl end
    over[#over + 1] = i
  end
end
if #over > 0 then
  if retry < 1 then retry = 1 end
  local answer = { retry }
  for _, i in ipairs(over) do answer[#answer + 1] = i end
  return answer
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 or redis.call('PTTL', KEYS[i]) < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
  end
end
return { 0 }
`;

/** Only counters whose window still runs: a key that expired meanwhile is not brought back. */
const GIVE_BACK_SCRIPT = `
for i = 1, #KEYS do
  if redis.call('PTTL', KEYS[i]) > 0 then
    if redis.call('DECR', KEYS[i]) <= 0 then redis.call('DEL', KEYS[i]) end
  end
end
return 0
`;

/** A store that does not answer in this time is treated as down. */
const REDIS_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis while it answers; this instance's memory while it does not, so Redis being down never
 * means no limits at all. Counts made in memory stay there until their windows end.
 */
class SharedCounters implements CounterStore {
  private readonly memory = new MemoryCounters();

  constructor(
    private readonly redis: Redis,
    private readonly watch: RedisWatch,
  ) {}

  async take(counters: Counter[]): Promise<Taken> {
    // Not connected (starting, or reconnecting after a failure the watch has logged): memory at
    // once, instead of making every login wait for a reconnection.
    if (this.redis.status === 'ready') {
      try {
        const keys = counters.map((c) => c.key);
        const args = counters.flatMap((c) => [String(c.max), String(c.windowMs)]);
        const answer = (await withTimeout(this.redis.eval(TAKE_SCRIPT, counters.length, ...keys, ...args))) as number[];
        this.watch.answered();
        const [retryMs = 0, ...over] = answer.map(Number);
        if (retryMs > 0) return { ok: false, retryMs, over: over.map((i) => i - 1) };
        return { ok: true, giveBack: () => this.giveBack(keys) };
      } catch (err) {
        this.watch.wentAway(err);
      }
    }
    return this.memory.take(counters);
  }

  private async giveBack(keys: string[]) {
    if (this.redis.status !== 'ready') return;
    try {
      await withTimeout(this.redis.eval(GIVE_BACK_SCRIPT, keys.length, ...keys));
    } catch (err) {
      this.watch.wentAway(err);
    }
  }
}

export interface LoginLimiterOptions {
  rules: LoginLimitRules;
  /** Shared counters for several instances; in memory without it. */
  redis?: Redis;
  /** Key prefix in Redis (tests use their own). */
  nameSpace: string;
  log: FastifyBaseLogger;
}

/** Where the per-account counter sits in a stranger's list. */
const ACCOUNT_COUNTER = 2;

export function createLoginLimiter(options: LoginLimiterOptions): LoginLimiter {
  const store: CounterStore = options.redis ? new SharedCounters(options.redis, watchRedis(options.redis, options.log)) : new MemoryCounters();
  const { rules, nameSpace } = options;
  return {
    async begin(email, address, device) {
      const account = accountKey(email);
      const from = addressKey(address);
      // A known browser (its id comes from a signed cookie, never from the client's own choosing)
      // has counters of its own, as if it were an address of its own, and none of the strangers'.
      const counters: Counter[] = device
        ? [
            { key: `${nameSpace}login:device:${device}`, ...rules.accountAddress },
            { key: `${nameSpace}login:device-long:${device}`, ...rules.account },
          ]
        : [
            { key: `${nameSpace}login:account-address:${account}:${from}`, ...rules.accountAddress },
            { key: `${nameSpace}login:address:${from}`, ...rules.address },
            { key: `${nameSpace}login:account:${account}`, ...rules.account },
          ];
      const taken = await store.take(counters);
      if (!taken.ok) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(taken.retryMs / 1000)),
          accountLocked: !device && taken.over.includes(ACCOUNT_COUNTER),
        };
      }
      let released = false;
      return {
        allowed: true,
        release: async () => {
          if (released) return;
          released = true;
          await taken.giveBack();
        },
      };
    },
  };
}

/** "1 minute", "15 minutes", "30 seconds", "2 hours" or milliseconds, as @fastify/rate-limit takes them. */
export function windowMs(timeWindow: number | string): number {
  if (typeof timeWindow === 'number') return timeWindow;
  const match = /^\s*(\d+)\s*(ms|milliseconds?|s|seconds?|m|minutes?|h|hours?)?\s*$/i.exec(timeWindow);
  if (!match) throw new Error(`Cannot read the time window "${timeWindow}".`);
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'ms').toLowerCase();
  if (unit.startsWith('h')) return amount * 3_600_000;
  if (unit === 'm' || unit.startsWith('min')) return amount * 60_000;
  if (unit === 's' || unit.startsWith('sec')) return amount * 1000;
  return amount;
}
