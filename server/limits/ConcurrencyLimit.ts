/**
 * Runs tasks with at most `limit` of them at a time; the others wait in arrival order. At most
 * `maxWaiting` may wait: beyond that `run` refuses at once (answers false), so slow work (a push
 * service that answers slowly, a flood of password hashes) cannot make the queue grow without end.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  /** Starts `task` when a place is free; resolves when it has ended (true), or false when refused. */
  async run(task: () => Promise<void>): Promise<boolean> {
    if (this.running >= this.limit && this.waiting.length >= this.maxWaiting) {
      return false;
    }
    await this.runQueued(task);
    return true;
  }

  /**
   * Starts `task` when a place is free, never refused: for work that a bounded number of callers
   * ask for (each has passed `run` before), which must wait its turn but not fail. Resolves when it has ended.
   */
  async runQueued(task: () => Promise<void>): Promise<void> {
    if (this.running < this.limit) {
      this.running += 1;
    } else {
      // The task that ends hands its place over, so none starts in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      await task();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next();
      } else {
        this.running -= 1;
      }
    }
  }
}
