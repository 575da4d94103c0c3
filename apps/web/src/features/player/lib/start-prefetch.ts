import type { StreamStartReply } from '@salomtv/contract';
import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
} from 'hls.js';

/**
 * hls.js asks for the master playlist, then the variant, then the init and first media segments: three round
 * trips, one after another, before the first picture. The server's `start.json` answers both playlists at once,
 * the two segments are asked for the moment it is in, and hls.js's loader finds all four here when it asks
 * (time to first frame in bench/README.md, eleventh round).
 */

/** A prefetched answer and when its request started, its first byte came and it ended (for hls.js's stats). */
interface Fetched {
  data: string | ArrayBuffer;
  started: number;
  first: number;
  ended: number;
}

interface PrefetchDeps {
  fetch: typeof fetch;
  /** The page's address, against which relative addresses resolve. */
  base: string;
  now: () => number;
}

/** `…/master.m3u8?asset=trailer` → `…/start.json?asset=trailer`; nothing for an address that is not ours. */
export function startUrlFor(src: string): string | undefined {
  const match = /^(.*\/api\/stream\/\d+(?:\/episodes\/\d+)?\/)master\.m3u8(\?.*)?$/.exec(src);
  return match ? `${match[1]}start.json${match[2] ?? ''}` : undefined;
}

/** The init segment's address and that of the segment holding `startPosition` (the first when none). */
export function firstFilesOf(
  playlist: string,
  startPosition = 0,
): { init: string | undefined; segment: string | undefined } {
  const init = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(playlist)?.[1];
  let at = 0;
  let duration = 0;
  let segment: string | undefined;
  for (const line of playlist.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line && !line.startsWith('#')) {
      segment ??= line.trim();
      if (startPosition >= at && startPosition < at + duration) return { init, segment: line.trim() };
      at += duration;
    }
  }
  // Past the end (or no durations): the first segment, as hls.js starts there.
  return { init, segment };
}

/** The answers fetched ahead for one source, by absolute address; each is handed out once. */
export class StartPrefetch {
  private readonly entries = new Map<string, Promise<Fetched>>();
  private readonly controller = new AbortController();

  constructor(
    src: string,
    startUrl: string,
    startPosition: number | undefined,
    private readonly deps: PrefetchDeps,
  ) {
    const masterUrl = this.absolute(src);
    const start = this.fetchAs(startUrl, 'json', deps.now());
    this.hold(
      masterUrl,
      start.then((reply) => {
        const { master, first } = reply.data as unknown as StreamStartReply;
        // Held before the master is handed on: hls.js asks for the variant as soon as it has read the master.
        const variantUrl = this.absolute(first.uri, masterUrl);
        this.hold(variantUrl, Promise.resolve({ ...reply, data: first.playlist }));
        const files = firstFilesOf(first.playlist, startPosition);
        for (const file of [files.init, files.segment]) {
          if (!file) continue;
          const url = this.absolute(file, variantUrl);
          this.hold(url, this.fetchAs(url, 'bytes', deps.now()));
        }
        return { ...reply, data: master };
      }),
    );
  }

  /** Starts fetching for `src` when it is one of our master playlists. */
  static for(src: string, startPosition: number | undefined, deps: PrefetchDeps): StartPrefetch | undefined {
    const startUrl = startUrlFor(src);
    return startUrl ? new StartPrefetch(src, startUrl, startPosition, deps) : undefined;
  }

  /** The prefetched answer for this address, once. */
  take(url: string): Promise<Fetched> | undefined {
    const key = this.absolute(url);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry;
  }

  destroy(): void {
    this.controller.abort();
    this.entries.clear();
  }

  private absolute(url: string, base = this.deps.base): string {
    return new URL(url, base).href;
  }

  private async fetchAs(url: string, as: 'json' | 'bytes', started: number): Promise<Fetched> {
    const response = await this.deps.fetch(url, {
      credentials: 'same-origin',
      signal: this.controller.signal,
      ...(as === 'json' ? { headers: { accept: 'application/json' } } : {}),
    });
    const first = this.deps.now();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const data = as === 'json' ? await response.json() : await response.arrayBuffer();
    return { data, started, first, ended: this.deps.now() };
  }

  /** Held until taken; one never taken (hls.js chose otherwise, the player closed) is no error. */
  private hold(url: string, entry: Promise<Fetched>): void {
    entry.catch(() => undefined);
    this.entries.set(url, entry);
  }
}

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

/**
 * hls.js's own loader, except for the addresses `prefetch` holds: those are answered from it. Anything it does
 * not hold, or fails to fetch, goes to the network as before, so hls.js's errors and retries are unchanged.
 */
export function loaderWithPrefetch(DefaultLoader: LoaderClass, prefetch: StartPrefetch): LoaderClass {
  return class PrefetchingLoader implements Loader<LoaderContext> {
    private readonly inner: Loader<LoaderContext>;
    /** `prefetch` while waiting for a prefetched answer; a late answer after an abort is dropped. */
    private mode: 'idle' | 'prefetch' | 'network' | 'done' = 'idle';
    private onAbort: LoaderCallbacks<LoaderContext>['onAbort'];
    context: LoaderContext | null = null;

    constructor(config: HlsConfig) {
      this.inner = new DefaultLoader(config);
    }

    // One stats object for both paths: hls.js keeps a reference to it before it calls load().
    get stats(): LoaderStats {
      return this.inner.stats;
    }
    set stats(value: LoaderStats) {
      this.inner.stats = value;
    }

    load(
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      this.context = context;
      this.onAbort = callbacks.onAbort;
      // hls.js sends fragments with rangeStart and rangeEnd 0 when it wants the whole file, as its XHR loader
      // reads them: a range only when rangeEnd is set.
      const entry = context.rangeEnd ? undefined : prefetch.take(context.url);
      if (!entry) {
        this.mode = 'network';
        this.inner.load(context, config, callbacks);
        return;
      }
      this.mode = 'prefetch';
      entry.then(
        (fetched) => {
          if (this.mode !== 'prefetch') return;
          this.mode = 'done';
          const stats = this.stats;
          const size = typeof fetched.data === 'string' ? fetched.data.length : fetched.data.byteLength;
          stats.loading.start = fetched.started;
          stats.loading.first = fetched.first;
          stats.loading.end = fetched.ended;
          stats.loaded = size;
          stats.total = size;
          callbacks.onSuccess({ url: context.url, data: fetched.data, code: 200 }, stats, context, null);
        },
        () => {
          if (this.mode !== 'prefetch') return;
          this.mode = 'network';
          this.inner.load(context, config, callbacks);
        },
      );
    }

    abort(): void {
      if (this.mode === 'prefetch' && this.context) {
        this.mode = 'done';
        this.stats.aborted = true;
        this.onAbort?.(this.stats, this.context, null);
        return;
      }
      this.inner.abort();
    }

    destroy(): void {
      this.mode = 'done';
      this.inner.destroy();
      this.context = null;
    }

    getCacheAge(): number | null {
      return this.inner.getCacheAge?.() ?? null;
    }

    getResponseHeader(name: string): string | null {
      return this.inner.getResponseHeader?.(name) ?? null;
    }
  };
}
