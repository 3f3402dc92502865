/**
 * Work shared fairly between accounts (the PDF cleaner, documents.ts): at most `workers` tasks run
 * at once, and when one ends the next comes from the waiting account with the fewest tasks running,
 * the one served longest ago among equals (round-robin); each account's own tasks keep their order.
 * So a customer who sends many slow files takes one turn after another like everyone else: another
 * customer's file waits at most for a running task to end, never for the whole of their queue.
 */
export class FairQueue {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** Each account's tasks waiting, in their order; accounts in the order they first waited. */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** When each account busy now last had a task started (a count, not a clock). */
  private readonly servedAt = new Map<string, number>();
  private turns = 0;
  /** Told each account whose task starts, in order (tests watch the turns). */
  onStart: ((account: string) => void) | undefined;

  constructor(readonly workers: number) {}

  /** Tasks of this account waiting or running (tests watch it). */
  pending(account: string): number {
    return (this.runningOf.get(account) ?? 0) + (this.waiting.get(account)?.length ?? 0);
  }

  async run<T>(account: string, task: () => Promise<T>): Promise<T> {
    if (this.running < this.workers) this.start(account);
    else await new Promise<void>((resolve) => this.waiting.set(account, [...(this.waiting.get(account) ?? []), resolve]));
    try {
      return await task();
    } finally {
      this.end(account);
    }
  }

  private start(account: string) {
    this.running += 1;
    this.runningOf.set(account, (this.runningOf.get(account) ?? 0) + 1);
    this.servedAt.set(account, ++this.turns);
    this.onStart?.(account);
  }

  private end(account: string) {
    this.running -= 1;
    const left = (this.runningOf.get(account) ?? 1) - 1;
    if (left > 0) this.runningOf.set(account, left);
    else this.runningOf.delete(account);
    if (this.pending(account) === 0) this.servedAt.delete(account);
    const next = this.nextAccount();
    if (next === undefined) return;
    const tasks = this.waiting.get(next)!;
    const resume = tasks.shift()!;
    if (tasks.length === 0) this.waiting.delete(next);
    // Started here, before its task resumes, so no newcomer takes the slot meanwhile.
    this.start(next);
    resume();
  }

  /** The waiting account with the fewest tasks running; among equals, the one served longest ago (or never). */
  private nextAccount(): string | undefined {
    let best: string | undefined;
    let bestRunning = Infinity;
    let bestServed = Infinity;
    for (const account of this.waiting.keys()) {
      const running = this.runningOf.get(account) ?? 0;
      const served = this.servedAt.get(account) ?? 0;
      if (running < bestRunning || (running === bestRunning && served < bestServed)) {
        best = account;
        bestRunning = running;
        bestServed = served;
      }
    }
    return best;
  }
}
