/**
 * Memory that uploads to the bucket may hold at once in this process. Each multipart upload keeps
 * a few parts in memory (lib-storage fills one while others are on their way); without a bound, a
 * burst of uploads would take the process past its memory limit. An upload past the budget waits
 * for its turn, and while it waits its client is slowed by TCP, not refused.
 */
export class ByteBudget {
  private free: number;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  constructor(private readonly total: number) {
    this.free = total;
  }

  /**
   * Waits until `bytes` fit (a request larger than the whole budget waits for all of it), runs `work`,
   * and gives them back. With `maxWaitMs`, a turn that has not come by then fails with BudgetExhausted
   * and takes nothing.
   */
  async with<T>(bytes: number, work: () => Promise<T>, maxWaitMs?: number): Promise<T> {
    const taken = Math.min(bytes, this.total);
    await this.take(taken, maxWaitMs);
    try {
      return await work();
    } finally {
      this.free += taken;
      this.wakeWaiting();
    }
  }

  private take(bytes: number, maxWaitMs?: number): Promise<void> {
    // First come, first served: a large request is not passed over forever by small ones.
    if (this.waiting.length === 0 && bytes <= this.free) {
      this.free -= bytes;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = { bytes, start: () => (clearTimeout(timer), resolve()) };
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              this.waiting.splice(this.waiting.indexOf(entry), 1);
              // The one that left may have held back smaller requests behind it.
              this.wakeWaiting();
              reject(new BudgetExhausted(`no turn within ${maxWaitMs} ms`));
            }, maxWaitMs);
      this.waiting.push(entry);
    });
  }

  private wakeWaiting(): void {
    while (this.waiting.length > 0 && this.waiting[0]!.bytes <= this.free) {
      const next = this.waiting.shift()!;
      this.free -= next.bytes;
      next.start();
    }
  }
}

export class BudgetExhausted extends Error {}
