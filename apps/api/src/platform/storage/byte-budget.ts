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

  /** Waits until `bytes` fit (a request larger than the whole budget waits for all of it), runs `work`, and gives them back. */
  async with<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    const taken = Math.min(bytes, this.total);
    await this.take(taken);
    try {
      return await work();
    } finally {
      this.free += taken;
      this.wakeWaiting();
    }
  }

  private take(bytes: number): Promise<void> {
    // First come, first served: a large request is not passed over forever by small ones.
    if (this.waiting.length === 0 && bytes <= this.free) {
      this.free -= bytes;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ bytes, start: resolve }));
  }

  private wakeWaiting(): void {
    while (this.waiting.length > 0 && this.waiting[0]!.bytes <= this.free) {
      const next = this.waiting.shift()!;
      this.free -= next.bytes;
      next.start();
    }
  }
}
