/**
 * A background sweep: one round at start, then every `everyMs` until the app closes, never two rounds
 * of the same sweep at once in this instance (several instances are each round's own business:
 * a round claims its rows with row locks, so each effect happens once).
 */
import type { FastifyInstance } from 'fastify';

export interface Sweep {
  /** Named in the log when a round fails. */
  name: string;
  everyMs: number;
  round(): Promise<unknown>;
}

export function startSweeper(app: FastifyInstance, sweep: Sweep): void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = sweep
      .round()
      .catch((err) => app.log.error({ err }, `the ${sweep.name} failed; it runs again shortly`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, sweep.everyMs);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
