/**
 * What every upload passes before its body is read (docs/decisions/106-storage-that-cannot-be-filled.md):
 * - the disk floor: below UPLOAD_DISK_FLOOR_MB free on the data's disk, uploads are refused (507)
 *   while everything else, bookings included, goes on;
 * - the hourly counts (customers' documents): files tried per account and per address, both
 *   counted, all or nothing (a refused file counts in neither). A file counts when it is tried, kept
 *   or not: reading a file is the work being limited. Counted in the database, so every instance
 *   on one PostgreSQL agrees with or without Redis. Addresses are counted as the login limits count
 *   them (clientAddress.ts): an IPv6 /64 as one, a proxy's or a private address not at all.
 */
import { createHash } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { STORAGE_REFUSALS, UPLOADS_PER_HOUR, uploadsTooManyMessage } from '@rental/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { type Database, queryRows } from '../db/types';
import { addressKey, customerAddress } from './clientAddress';
import { HttpError } from './errors';

export interface UploadLimits {
  /** Files an account may try in a window. */
  account: number;
  /** Files an address may try in a window, whatever the accounts. */
  address: number;
  windowMs: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { ...UPLOADS_PER_HOUR, windowMs: 60 * 60_000 };

export interface UploadGate {
  /** Refuses with 507 (code uploads_paused) while the data's disk has less free space than the floor. */
  roomOnDisk(): Promise<void>;
  /** The disk, then one more file for this account and the request's address, or 429 (uploads_too_many) with Retry-After. */
  admit(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void>;
}

/** Bytes free for this process on the disk holding `path` (or its nearest folder that exists). */
export async function freeBytes(path: string): Promise<number> {
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw err;
    }
  }
}

/** Addresses are not kept as they are: the counter's key names a hash of the address. */
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** Counters whose window ended this long ago are deleted, now and then. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * One more for each key, all or nothing. Keys are locked in one order, so two uploads counting
 * the same two keys queue rather than deadlock. Answers how long until a refused one may try again.
 */
async function take(db: Database, counters: { key: string; max: number }[], windowMs: number): Promise<{ ok: true } | { ok: false; retryMs: number }> {
  const sorted = [...counters].sort((a, b) => a.key.localeCompare(b.key));
  const refused = new Error('over a limit');
  let retryMs = 0;
  try {
    await db.transaction(async (tx) => {
      for (const counter of sorted) {
        const [row] = await queryRows<{ count: number; wait_ms: number }>(
          tx,
          sql`INSERT INTO upload_counters AS c (key, count, resets_at)
                VALUES (${counter.key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
              ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.count + 1 END,
                resets_at = CASE WHEN c.resets_at <= now() THEN EXCLUDED.resets_at ELSE c.resets_at END
              RETURNING c.count, ceil(extract(epoch FROM c.resets_at - now()) * 1000)::integer AS wait_ms`,
        );
        if (row && row.count > counter.max) retryMs = Math.max(retryMs, row.wait_ms);
      }
      // Over any limit: nothing is counted.
      if (retryMs > 0) throw refused;
    });
  } catch (err) {
    if (err === refused) return { ok: false, retryMs };
    throw err;
  }
  return { ok: true };
}

export function createUploadGate(
  db: Database,
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'uploadDiskFloorMb'>,
  limits: UploadLimits | false = DEFAULT_UPLOAD_LIMITS,
): UploadGate {
  // The embedded database's folder; with PostgreSQL elsewhere, this server's own disk (the
  // database server's is its operator's to watch).
  const diskPath = config.databaseUrl ? process.cwd() : config.dataDir;
  const floorBytes = config.uploadDiskFloorMb * 1024 * 1024;
  let lastSweep = 0;

  const gate: UploadGate = {
    async roomOnDisk() {
      if (floorBytes <= 0) return;
      if ((await freeBytes(diskPath)) < floorBytes) throw new HttpError(507, STORAGE_REFUSALS.uploads_paused, 'uploads_paused');
    },

    async admit(request, reply, accountId) {
      await gate.roomOnDisk();
      if (!limits) return;
      const address = customerAddress(request.ip);
      const counters = [{ key: `account:${accountId}`, max: limits.account }];
      if (address) counters.push({ key: `address:${hashed(addressKey(address))}`, max: limits.address });
      const taken = await take(db, counters, limits.windowMs);
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        // Rows another upload holds are skipped, never waited for: the sweep cannot deadlock with a count.
        await db.execute(sql`DELETE FROM upload_counters WHERE key IN (
          SELECT key FROM upload_counters WHERE resets_at < now() - interval '1 hour' FOR UPDATE SKIP LOCKED)`);
      }
      if (!taken.ok) {
        const seconds = Math.max(1, Math.ceil(taken.retryMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, uploadsTooManyMessage(seconds), 'uploads_too_many');
      }
    },
  };
  return gate;
}
