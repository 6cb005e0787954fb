import { BackgroundSha256 } from './background-sha256.ts';

/** Enough for every upload in flight; an evicted one is hashed from its stored bytes at the end instead. */
const MAX_RUNNING = 10_000;

/**
 * The SHA-256 of each unfinished upload this process received, as far as it received it. An
 * upload continued in another process, after a restart or from an offset this process did not
 * reach has none here: its store hashes the stored bytes once the upload is complete.
 */
export class RunningHashes {
  private readonly running = new Map<string, { hash: BackgroundSha256; offset: number }>();

  /** The hash to go on with for bytes starting at `offset`: a new one at 0, else the one kept at exactly that offset; once. */
  take(id: string, offset: number): BackgroundSha256 | null {
    const state = offset === 0 ? { hash: new BackgroundSha256(), offset: 0 } : this.running.get(id);
    this.running.delete(id);
    if (state?.offset === offset) return state.hash;
    state?.hash.drop();
    return null;
  }

  /** Keeps a hash of exactly the first `offset` bytes for the next request of the upload. */
  keep(id: string, hash: BackgroundSha256, offset: number): void {
    // Its part-filled batch goes to the worker now: a kept hash holds no memory until the next request.
    void hash.pause();
    this.running.set(id, { hash, offset });
    if (this.running.size <= MAX_RUNNING) return;
    const oldest = this.running.keys().next().value!;
    this.drop(oldest);
  }

  drop(id: string): void {
    this.running.get(id)?.hash.drop();
    this.running.delete(id);
  }

  /** The SHA-256 of an upload of `size` bytes, if this process hashed all of them; once. */
  async digestOf(id: string, size: number): Promise<string | null> {
    const state = this.running.get(id);
    this.running.delete(id);
    if (state?.offset === size) return state.hash.digest();
    state?.hash.drop();
    return null;
  }
}
