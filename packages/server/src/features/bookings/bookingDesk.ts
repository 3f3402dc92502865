/**
 * The booking desk: every booking request of this instance goes through it. A request that arrives
 * while the desk has a batch at the database waits for it and joins the next batch with the others
 * that arrived meanwhile, so a busy moment costs one transaction (one commit, a handful of round
 * trips) per batch rather than per booking (docs/decisions/073). On a quiet site a batch is a single
 * request, sent on the next turn of the event loop.
 */
import { MESSAGES, rentalDatesProblem } from '@rental/contract';
import { retryTransientConflicts } from '../../db/retry';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { earlierAnswer } from './idempotency';
import { BatchOutcomeUnknown, type BookingAnswer, bookBatch, type BookingRequest, type BookingRules } from './bookBatch';

export interface BookingDeskOptions extends BookingRules {
  /** Batches at the database at once (each holds a connection). */
  batchesAtOnce?: number;
  /** Requests in one batch at most. */
  batchSize?: number;
}

interface Waiting {
  request: BookingRequest;
  resolve: (answer: BookingAnswer) => void;
  reject: (err: unknown) => void;
  /** How many times the database asked for this request again (a reference clash). */
  again: number;
}

export interface BookingDesk {
  /** Books, or answers this request's earlier answer for its Idempotency-Key; refusals are HttpErrors. */
  book(request: BookingRequest): Promise<BookingAnswer>;
}

const MAX_AGAIN = 5;

export function createBookingDesk(db: Database, options: BookingDeskOptions): BookingDesk {
  const { batchesAtOnce = 2, batchSize = 64 } = options;
  const queue: Waiting[] = [];
  let atDatabase = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || atDatabase >= batchesAtOnce || queue.length === 0) return;
    scheduled = true;
    // After this turn's I/O: the requests read in the same turn go together.
    setImmediate(() => {
      scheduled = false;
      const batch = takeBatch();
      if (batch.length === 0) return;
      atDatabase++;
      schedule();
      void send(batch).finally(() => {
        atDatabase--;
        schedule();
      });
    });
  }

  /** The next batch; a second request with the same customer and key waits for the next one (it will replay the first's answer). */
  function takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < batchSize;) {
      const { request } = queue[i]!;
      const keyed = request.key === undefined ? undefined : `${request.actor.id} ${request.key}`;
      if (keyed !== undefined && keys.has(keyed)) {
        i++;
        continue;
      }
      if (keyed !== undefined) keys.add(keyed);
      batch.push(...queue.splice(i, 1));
    }
    return batch;
  }

  async function send(batch: Waiting[]): Promise<void> {
    let outcomes;
    try {
      outcomes = await retryTransientConflicts(() =>
        bookBatch(
          db,
          batch.map((waiting) => waiting.request),
          options,
        ),
      );
    } catch (err) {
      // Unknown outcome: each request is told it failed (a retry with its Idempotency-Key replays a
      // booking that was made); running them again could refuse a customer their own booking.
      if (batch.length === 1 || err instanceof BatchOutcomeUnknown) return batch.forEach((waiting) => waiting.reject(err));
      // Something unforeseen failed the batch: each request alone, so it fails only the one it belongs to.
      for (const waiting of batch) await send([waiting]);
      return;
    }
    batch.forEach((waiting, n) => {
      const outcome = outcomes[n]!;
      if ('answer' in outcome) waiting.resolve(outcome.answer);
      else if ('refusal' in outcome) waiting.reject(outcome.refusal);
      else if (++waiting.again < MAX_AGAIN) queue.push(waiting);
      else waiting.reject(new Error('No free booking reference was found after several tries.'));
    });
  }

  return {
    async book(request) {
      const { input, actor, key } = request;
      const problem = rentalDatesProblem(input.pickupDate, input.returnDate);
      const refusal = problem ? new HttpError(400, problem.message) : isId(input.car) ? undefined : new HttpError(404, MESSAGES.carNotFound);
      if (refusal) {
        // A retry of a booking made earlier (its answer lost) gets that answer, even once its dates
        // have passed (a booking for today retried after midnight).
        const earlier = key === undefined ? undefined : await earlierAnswer(db, actor.id, key, input);
        if (earlier) return earlier;
        throw refusal;
      }
      return new Promise<BookingAnswer>((resolve, reject) => {
        queue.push({ request, resolve, reject, again: 0 });
        schedule();
      });
    },
  };
}
