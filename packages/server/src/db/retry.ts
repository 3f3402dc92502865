import { pgErrorCode } from './types';

/**
 * SQLSTATEs with which PostgreSQL aborts one of two concurrent transactions: a deadlock (40P01) and
 * a serialization failure (40001). Two bookings of one car inserted at the same moment can deadlock
 * on the exclusion constraint, as each waits for the other's uncommitted row; the loser is not wrong,
 * only unlucky, and trying again gives the true answer (booked, or 409 because the other one won).
 */
const TRANSIENT = new Set(['40P01', '40001']);

export function isTransientConflict(err: unknown): boolean {
  return TRANSIENT.has(pgErrorCode(err) ?? '');
}

/** Runs `work` (a whole transaction) again when PostgreSQL aborted it for a transient conflict. */
export async function retryTransientConflicts<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err;
      // A short, jittered pause, so the two losers of one deadlock do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 20));
    }
  }
}
