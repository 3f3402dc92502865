/**
 * The sandbox's webhook calls. Those about one message go one at a time, in the order they were
 * queued (so "out of order" is only ever what a test asked for); a few messages go side by side
 * (LANES), so a thousand messages' statuses neither wait in one line nor hit the site all at once.
 * A call is tried again a few times when our server cannot be reached or answers 5xx or 429, as
 * the providers do (they retry any failure, for longer). Held calls wait until released.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface WebhookCall {
  /** What it reports, for the page and the tests ("sent", "delivered", "reply"). */
  label: string;
  /** The sandbox message it is about. */
  messageId: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface CallOutcome extends WebhookCall {
  /** The HTTP status our server answered at the last try; undefined when it could not be reached. */
  status: number | undefined;
  tries: number;
}

const TRIES = 4;
/** Calls in flight at most: each message's calls go in one lane, in order. */
const LANES = 8;
const FIRST_WAIT_MS = 250;

export interface CallbackQueue {
  push(call: WebhookCall, hold: boolean): void;
  hold(on: boolean): void;
  readonly holding: boolean;
  /** Calls held (by hold() or by a held number), sent in their order when released. */
  readonly held: number;
  release(): void;
  /** Resolves when every call not held has been made (or given up). */
  idle(): Promise<void>;
  readonly outcomes: CallOutcome[];
  stop(): void;
}

export function createCallbackQueue(): CallbackQueue {
  const outcomes: CallOutcome[] = [];
  const held: WebhookCall[] = [];
  let holding = false;
  const life = { stopped: false };
  const lanes: Array<Promise<void>> = Array.from({ length: LANES }, () => Promise.resolve());

  async function make(call: WebhookCall): Promise<void> {
    let status: number | undefined;
    let tries = 0;
    while (tries < TRIES && !life.stopped) {
      if (tries > 0) await delay(FIRST_WAIT_MS * 2 ** (tries - 1));
      tries += 1;
      try {
        const response = await fetch(call.url, { method: 'POST', headers: call.headers, body: call.body, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer().catch(() => undefined);
        status = response.status;
        // Only a fault or a busy server is worth another try here: a 4xx (a refused signature, no such route) would be refused again.
        if (response.ok || (status < 500 && status !== 429 && status !== 408)) break;
      } catch {
        status = undefined;
      }
    }
    outcomes.push({ ...call, status, tries });
  }

  const laneOf = (messageId: string) => [...messageId].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 1_000_003, 0) % LANES;
  const enqueue = (call: WebhookCall) => {
    const lane = laneOf(call.messageId);
    lanes[lane] = lanes[lane]!.then(() => make(call));
  };

  return {
    push(call, hold) {
      if (holding || hold) held.push(call);
      else enqueue(call);
    },
    hold(on) {
      holding = on;
    },
    get holding() {
      return holding;
    },
    get held() {
      return held.length;
    },
    release() {
      holding = false;
      for (const call of held.splice(0)) enqueue(call);
    },
    async idle() {
      // A call queued meanwhile extends a lane: wait until none grows.
      let seen: Array<Promise<void>> = [];
      while (lanes.some((lane, i) => lane !== seen[i])) {
        seen = [...lanes];
        await Promise.all(seen);
      }
    },
    outcomes,
    stop() {
      life.stopped = true;
      held.length = 0;
    },
  };
}
