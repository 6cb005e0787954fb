/**
 * The serialized orders-list responses of this process, each stamped with the mill's list
 * version (migration 0008) it was built at. A response is served again only while the version
 * read in the request's own access check is the same, so every process of a deployment stays
 * exact without talking to the others: a change anywhere moves the version in the database.
 *
 * Why: a busy mill's staff reload the same first pages over and over (every live event makes
 * every open list refetch), and building a page is the most expensive read we have.
 * Bounded by bytes; the least recently used responses go first.
 */
export class OrderListCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    if (body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.body.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
