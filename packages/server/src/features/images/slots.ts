/**
 * At most `size` tasks at once; the others wait their turn in arrival order. Used to decode at
 * most two pictures at a time: each decode holds tens of megabytes, and a burst of uploads must
 * queue rather than add them all up.
 */
export class Slots {
  private free: number;
  private readonly queue: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Tasks waiting for a slot now. */
  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake the queue.
      const next = this.queue.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
