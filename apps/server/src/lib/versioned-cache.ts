import { BoundedMap } from './bounded-map.js';

/**
 * Values kept for one version of what they were read from: a counter that database triggers bump on every write
 * that could change them (`db/version-counter.ts`), which the caller reads before asking here. A newer version
 * drops everything kept. A value loaded while a newer version was seen is handed out but not kept: it may be
 * older than that version. When full, the oldest entry goes first.
 */
export class VersionedCache<V> {
  private readonly kept: BoundedMap<string, V>;
  private keptVersion = Number.NEGATIVE_INFINITY;

  constructor(maxEntries: number) {
    this.kept = new BoundedMap(maxEntries);
  }

  /** The value kept under `key` at `version`, else `load()`'s, kept unless it is undefined. */
  get(version: number, key: string, load: () => Promise<V>): Promise<V>;
  get(version: number, key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  async get(version: number, key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (version > this.keptVersion) {
      this.kept.clear();
      this.keptVersion = version;
    }
    if (version === this.keptVersion) {
      const kept = this.kept.get(key);
      if (kept !== undefined) return kept;
    }
    const loaded = await load();
    if (loaded !== undefined && version === this.keptVersion) this.kept.set(key, loaded);
    return loaded;
  }

  /** Drops one entry (one that has expired by the caller's rules). */
  delete(key: string): void {
    this.kept.delete(key);
  }
}
