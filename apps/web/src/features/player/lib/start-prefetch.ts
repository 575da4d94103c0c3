import {
  START_MEDIA_AUDIO,
  START_MEDIA_AUDIO_INIT_LENGTH,
  START_MEDIA_AUDIO_SEGMENT,
  START_MEDIA_INIT_LENGTH,
  START_MEDIA_SEGMENT,
  START_MEDIA_SEGMENT_LENGTH,
  type StreamStartReply,
  segmentIndexAt,
} from '@salomtv/contract';
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
 * trips, one after another, before the first picture. Here they take one: the server's `start.json` answers both
 * playlists, and its `start.mp4`, asked for at the same moment, answers the init segment and the segment the
 * player starts in. hls.js's loader finds all four here when it asks (time to first frame in bench/README.md).
 * With alternate audio the first track's playlist, init segment and segment come in the same two answers.
 */

/** A prefetched answer and when its request started, its first byte came and it ended (for hls.js's stats). */
interface Fetched {
  data: string | ArrayBuffer;
  started: number;
  first: number;
  ended: number;
}

/** A rendition's first files in `start.mp4`: which segment follows the init segment, and the bytes of both. */
interface StartParts {
  segment: string;
  init: Promise<Fetched>;
  media: Promise<Fetched>;
}

/** `start.mp4`'s answer: the picture's first files, and the first audio track's (by its rendition) when sent. */
interface StartMedia extends StartParts {
  audio?: StartParts & { rendition: string };
}

interface PrefetchDeps {
  fetch: typeof fetch;
  /** The page's address, against which relative addresses resolve. */
  base: string;
  now: () => number;
}

const MASTER = /^(.*\/api\/stream\/\d+(?:\/episodes\/\d+)?\/)master\.m3u8(\?.*)?$/;

/** `…/master.m3u8?asset=trailer` → `…/start.json?asset=trailer`; nothing for an address that is not ours. */
export function startUrlFor(src: string): string | undefined {
  const match = MASTER.exec(src);
  return match ? `${match[1]}start.json${match[2] ?? ''}` : undefined;
}

/** `…/master.m3u8?asset=trailer` → `…/start.mp4?asset=trailer&at=…` (no `at` from the beginning). */
export function startMediaUrlFor(src: string, startPosition = 0): string | undefined {
  const match = MASTER.exec(src);
  if (!match) return undefined;
  const query = new URLSearchParams(match[2] ?? '');
  if (startPosition > 0) query.set('at', String(startPosition));
  const search = query.toString();
  return `${match[1]}start.mp4${search ? `?${search}` : ''}`;
}

/** The init segment's address and that of the segment holding `startPosition` (the first when none). */
export function firstFilesOf(
  playlist: string,
  startPosition = 0,
): { init: string | undefined; segment: string | undefined } {
  const init = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(playlist)?.[1];
  const durations: number[] = [];
  const uris: string[] = [];
  let duration = 0;
  for (const line of playlist.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line.trim() && !line.startsWith('#')) {
      uris.push(line.trim());
      durations.push(duration);
    }
  }
  return { init, segment: uris[segmentIndexAt(durations, startPosition)] };
}

/** The file name an address ends in. */
const fileName = (url: string) => new URL(url).pathname.split('/').pop();

/** The answers fetched ahead for one source, by absolute address; each is handed out once. */
export class StartPrefetch {
  private readonly entries = new Map<string, Promise<Fetched>>();
  private readonly controller = new AbortController();

  constructor(
    src: string,
    startUrl: string,
    startMediaUrl: string,
    startPosition: number | undefined,
    private readonly deps: PrefetchDeps,
  ) {
    const masterUrl = this.absolute(src);
    const start = this.fetchAs(startUrl, 'json', deps.now());
    const startMedia = this.fetchStartMedia(startMediaUrl);
    startMedia.catch(() => undefined);
    this.hold(
      masterUrl,
      start.then((reply) => {
        const { master, first, audio } = reply.data as unknown as StreamStartReply;
        // Held before the master is handed on: hls.js asks for the variants as soon as it has read the master,
        // and for init and the first segments as soon as it has read those.
        this.holdRendition(masterUrl, reply, first, startPosition, startMedia);
        if (audio) {
          const sound = startMedia.then((media) =>
            media.audio?.rendition === audio.rendition ? media.audio : Promise.reject(),
          );
          this.holdRendition(masterUrl, reply, audio, startPosition, sound);
        }
        return { ...reply, data: master };
      }),
    );
  }

  /** Starts fetching for `src` when it is one of our master playlists. */
  static for(src: string, startPosition: number | undefined, deps: PrefetchDeps): StartPrefetch | undefined {
    const startUrl = startUrlFor(src);
    const startMediaUrl = startMediaUrlFor(src, startPosition);
    return startUrl && startMediaUrl
      ? new StartPrefetch(src, startUrl, startMediaUrl, startPosition, deps)
      : undefined;
  }

  /**
   * Holds a rendition's variant playlist (from `start.json`), and its init segment and the segment holding the
   * start position: `start.mp4`'s bytes when they are that segment's, else (a bucket's media, an error) fetched
   * from their signed addresses.
   */
  private holdRendition(
    masterUrl: string,
    reply: Fetched,
    rendition: { uri: string; playlist: string },
    startPosition: number | undefined,
    parts: Promise<StartParts>,
  ): void {
    const variantUrl = this.absolute(rendition.uri, masterUrl);
    this.hold(variantUrl, Promise.resolve({ ...reply, data: rendition.playlist }));
    const files = firstFilesOf(rendition.playlist, startPosition);
    if (!files.init || !files.segment) return;
    const initUrl = this.absolute(files.init, variantUrl);
    const segmentUrl = this.absolute(files.segment, variantUrl);
    const held = parts.then(
      (media) => (media.segment === fileName(segmentUrl) ? media : undefined),
      () => undefined,
    );
    this.hold(
      initUrl,
      held.then((media) => media?.init ?? this.fetchAs(initUrl, 'bytes', this.deps.now())),
    );
    this.hold(
      segmentUrl,
      held.then((media) => media?.media ?? this.fetchAs(segmentUrl, 'bytes', this.deps.now())),
    );
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
    const response = await this.request(url, as === 'json' ? { accept: 'application/json' } : {});
    const first = this.deps.now();
    const data = as === 'json' ? await response.json() : await response.arrayBuffer();
    return { data, started, first, ended: this.deps.now() };
  }

  /** `start.mp4`, split where its headers say: known once they are in, the bytes when the body is. */
  private async fetchStartMedia(url: string): Promise<StartMedia> {
    const started = this.deps.now();
    const response = await this.request(url, {});
    const first = this.deps.now();
    const header = (name: string) => response.headers.get(name);
    const length = (name: string) => {
      const value = Number(header(name));
      return Number.isInteger(value) && value > 0 ? value : undefined;
    };
    const initLength = length(START_MEDIA_INIT_LENGTH);
    const segment = header(START_MEDIA_SEGMENT);
    if (!segment || !initLength) throw new Error(`${url} did not say where its segments are`);
    // With alternate audio: the picture's segment ends where the first track's init segment starts.
    const segmentLength = length(START_MEDIA_SEGMENT_LENGTH);
    const audioInitLength = length(START_MEDIA_AUDIO_INIT_LENGTH);
    const audioRendition = header(START_MEDIA_AUDIO);
    const audioSegment = header(START_MEDIA_AUDIO_SEGMENT);
    const audioAt = segmentLength ? initLength + segmentLength : undefined;
    const body = response.arrayBuffer().then((bytes) => {
      if (bytes.byteLength <= (audioAt ?? initLength)) throw new Error(`${url} ended early`);
      return { bytes, ended: this.deps.now() };
    });
    body.catch(() => undefined);
    const part = (from: number, to?: number) =>
      body.then(({ bytes, ended }) => ({ data: bytes.slice(from, to), started, first, ended }));
    const picture = { segment, init: part(0, initLength), media: part(initLength, audioAt) };
    if (!audioAt || !audioInitLength || !audioRendition || !audioSegment) return picture;
    return {
      ...picture,
      audio: {
        rendition: audioRendition,
        segment: audioSegment,
        init: part(audioAt, audioAt + audioInitLength),
        media: part(audioAt + audioInitLength),
      },
    };
  }

  private async request(url: string, headers: Record<string, string>): Promise<Response> {
    const response = await this.deps.fetch(url, {
      credentials: 'same-origin',
      signal: this.controller.signal,
      headers,
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response;
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
