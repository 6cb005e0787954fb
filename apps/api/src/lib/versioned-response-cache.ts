/**
 * Serialized list responses of this process, each stamped with the version of the data it was
 * built from (a number that triggers move in the database on every change the list shows: the
 * mill's orders list version of migration 0008, a dealer tree's customer list version of
 * migration 0016). A response is served again only while the version read for the request is the
 * same, so every process of a deployment stays exact without talking to the others.
 *
 * Why: the busiest lists (a mill's orders, a root dealer's customers) are asked for the same pages
 * over and over, and building them is the most expensive read we have (ADR 0005).
 * Bounded by bytes; the least recently used responses go first.
 */
export class VersionedResponseCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
  /** Builds under way, so concurrent askers of one key and version wait for one build instead of each running it. */
  private readonly building = new Map<string, { version: string; body: Promise<string> }>();
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

  /**
   * The kept body, else the one `build` makes, kept. While a build runs, an asker of the same key
   * and version joins it: a weak search over 200,000 rows costs one build after each change, not
   * one per connection that asked meanwhile (they read the same version, so the same data). A
   * failed build is forgotten, so the next asker tries again. Askers join even with maxBytes 0.
   */
  async getOrBuild(key: string, version: string, build: () => Promise<string>): Promise<string> {
    const kept = this.get(key, version);
    if (kept !== undefined) return kept;
    const running = this.building.get(key);
    if (running?.version === version) return running.body;
    const body = build();
    this.building.set(key, { version, body });
    try {
      const built = await body;
      // A build for a newer version started meanwhile: its answer is the one to keep.
      if (this.building.get(key)?.body === body) this.set(key, version, built);
      return built;
    } finally {
      if (this.building.get(key)?.body === body) this.building.delete(key);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/**
 * One cache per running app for one kind of answer: returns the function that gives the cache of
 * an app (its deps), made on first use with the size `maxBytes` reads off the owner. Several apps
 * in one process (tests) each have their own, and an app that is gone takes its cache with it.
 */
export function cachePerApp<Owner extends object>(maxBytes: (owner: Owner) => number): (owner: Owner) => VersionedResponseCache {
  const caches = new WeakMap<Owner, VersionedResponseCache>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = new VersionedResponseCache(maxBytes(owner))));
    return cache;
  };
}
