/** The loser of a deadlock between two bookings is tried again, not answered 500. */
import { describe, expect, it } from 'vitest';
import { retryTransientConflicts } from '../src/db/retry';

/** Errors as node-postgres raises them (drizzle wraps them; pgErrorCode looks at the cause too). */
const pgError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: pgError(code) });

describe('retryTransientConflicts', () => {
  it('runs a transaction again after a deadlock or a serialization failure, and returns its answer', async () => {
    const failures = [wrapped('40P01'), pgError('40001')];
    let runs = 0;
    const answer = await retryTransientConflicts(async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'booked';
    });
    expect(answer).toBe('booked');
    expect(runs).toBe(3);
  });

  it('passes any other error on at once: a taken day is an answer, not a conflict to retry', async () => {
    let runs = 0;
    await expect(
      retryTransientConflicts(async () => {
        runs++;
        throw wrapped('23P01');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });

  it('gives up after the last attempt and passes the deadlock on', async () => {
    let runs = 0;
    await expect(
      retryTransientConflicts(async () => {
        runs++;
        throw pgError('40P01');
      }, 3),
    ).rejects.toThrow('40P01');
    expect(runs).toBe(3);
  });
});
