/**
 * The outbox senders' clock (sender.ts for e-mail, channelSender.ts for WhatsApp and SMS): a round
 * runs now when asked (never two at once in this instance: a second waits for the first), and every
 * pollMs once started; rounds follow one another while they come back full (a queue of 1,000 is not
 * sent one batch a poll), then the pause. Stopping waits for a round in flight.
 */
import type { FastifyInstance } from 'fastify';

export interface Rounds {
  /** Runs one round now (tests, and after a change that wrote messages); answers how many it took. */
  runOnce(): Promise<number>;
  /** Looks every pollMs until stopped. */
  start(): void;
  stop(): Promise<void>;
}

export function pollingRounds(options: {
  round: () => Promise<number>;
  /** A round that took this many may have left more: the next follows at once. */
  batch: number;
  pollMs: number;
  log: FastifyInstance['log'];
  /** Named in the log when a round fails ("the mail round"). */
  name: string;
}): Rounds {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const runOnce = (): Promise<number> => {
    if (running) return running.then(() => runOnce());
    running = options.round().finally(() => {
      running = undefined;
    });
    return running;
  };

  const drain = async (): Promise<void> => {
    for (;;) {
      const taken = await runOnce();
      if (taken < options.batch || stopped) return;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((err) => options.log.error({ err }, `${options.name} failed; it runs again shortly`))
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  };

  return {
    runOnce,
    start: schedule,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
