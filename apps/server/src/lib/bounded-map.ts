/**
 * A Map that holds at most `limit` entries: a new key set when it is full drops the oldest entry first. For caches
 * whose keys come from clients or content, so that no input can grow them.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
