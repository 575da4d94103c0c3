import type { Loader, LoaderCallbacks, LoaderContext, LoaderStats } from 'hls.js';
import { describe, expect, it } from 'vitest';
import {
  firstFilesOf,
  loaderWithPrefetch,
  StartPrefetch,
  startMediaUrlFor,
  startUrlFor,
} from './start-prefetch';

const BASE = 'https://salomtv.example/player/7';
const MASTER = '/api/stream/7/master.m3u8';
const VARIANT_URI = '/api/stream/s/9.480.3.99.sig/index.m3u8';
const VARIANT = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-MAP:URI="/api/stream/s/9.480.3.99.sig/init.mp4"',
  '#EXTINF:1.000000,',
  '/api/stream/s/9.480.3.99.sig/seg_00000.m4s',
  '#EXTINF:5.000000,',
  '/api/stream/s/9.480.3.99.sig/seg_00001.m4s',
  '#EXTINF:6.000000,',
  '/api/stream/s/9.480.3.99.sig/seg_00002.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n');
const START = {
  master: `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n${VARIANT_URI}\n`,
  first: { uri: VARIANT_URI, playlist: VARIANT },
};

/** A network that answers from a table and records what was asked, in order. */
function network(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url.replace('https://salomtv.example', ''));
    const answer = answers[url.replace('https://salomtv.example', '')];
    return answer ? answer() : new Response('missing', { status: 404 });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

const bytes = (n: number) => new Uint8Array(n).fill(n % 251);
/** What hls.js puts in a fragment's loader context when it wants the whole file. */
const FRAGMENT = { responseType: 'arraybuffer', type: 'media-fragment' as never, rangeStart: 0, rangeEnd: 0 };
/** start.mp4 as the server sends it: init, then the named segment, and where the one ends. */
const startMedia = (segment: string, segmentBytes: Uint8Array<ArrayBuffer>) => () =>
  new Response(new Blob([bytes(700), segmentBytes]), {
    headers: { 'x-init-length': '700', 'x-start-segment': segment },
  });
const startAnswers = {
  '/api/stream/7/start.json': () => Response.json(START),
  '/api/stream/7/start.mp4': startMedia('seg_00000.m4s', bytes(115_000)),
  '/api/stream/s/9.480.3.99.sig/init.mp4': () => new Response(bytes(700)),
  '/api/stream/s/9.480.3.99.sig/seg_00000.m4s': () => new Response(bytes(115_000)),
};

function freshStats(): LoaderStats {
  const timing = () => ({ start: 0, first: 0, end: 0 });
  return {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: timing(),
    parsing: { start: 0, end: 0 },
    buffering: timing(),
  };
}

/** Stands in for hls.js's XHR loader: records what went to the network and answers "from the network". */
function fakeDefaultLoader(sent: string[]) {
  return class implements Loader<LoaderContext> {
    stats = freshStats();
    context: LoaderContext | null = null;
    load(context: LoaderContext, _config: unknown, callbacks: LoaderCallbacks<LoaderContext>) {
      sent.push(context.url.replace('https://salomtv.example', ''));
      callbacks.onSuccess(
        { url: context.url, data: 'from the network', code: 200 },
        this.stats,
        context,
        null,
      );
    }
    abort() {}
    destroy() {}
  };
}

/** Loads one address through a new loader, as hls.js does, and resolves with what the callbacks got. */
function load(
  Loader: ReturnType<typeof loaderWithPrefetch>,
  url: string,
  extra: Partial<LoaderContext> = {},
): Promise<{ data: unknown; stats: LoaderStats }> {
  return new Promise((resolve, reject) => {
    const loader = new Loader({} as never);
    loader.load(
      { url: new URL(url, BASE).href, responseType: 'text', type: 'manifest' as never, ...extra },
      {} as never,
      {
        onSuccess: (response, stats) => resolve({ data: response.data, stats }),
        onError: (error) => reject(new Error(error.text)),
        onTimeout: () => reject(new Error('timeout')),
      },
    );
  });
}

let clock = 0;
const deps = (fetch: typeof globalThis.fetch) => ({ fetch, base: BASE, now: () => ++clock });

describe('the start playlists fetched ahead', () => {
  it('maps master playlists, with their query, to start.json, and nothing else', () => {
    expect(startUrlFor('/api/stream/7/master.m3u8')).toBe('/api/stream/7/start.json');
    expect(startUrlFor('/api/stream/7/master.m3u8?asset=trailer')).toBe(
      '/api/stream/7/start.json?asset=trailer',
    );
    expect(startUrlFor('https://x.example/api/stream/7/episodes/12/master.m3u8')).toBe(
      'https://x.example/api/stream/7/episodes/12/start.json',
    );
    expect(startUrlFor('/media/videos/clip.mp4')).toBeUndefined();
    expect(startUrlFor('/api/stream/s/tok/index.m3u8')).toBeUndefined();
    expect(startMediaUrlFor('/api/stream/7/master.m3u8')).toBe('/api/stream/7/start.mp4');
    expect(startMediaUrlFor('/api/stream/7/master.m3u8?asset=trailer', 0)).toBe(
      '/api/stream/7/start.mp4?asset=trailer',
    );
    expect(startMediaUrlFor('/api/stream/7/episodes/12/master.m3u8', 61.5)).toBe(
      '/api/stream/7/episodes/12/start.mp4?at=61.5',
    );
    expect(startMediaUrlFor('/media/videos/clip.mp4', 3)).toBeUndefined();
  });

  it('finds the init segment and the segment a start position falls in', () => {
    const sig = '/api/stream/s/9.480.3.99.sig';
    expect(firstFilesOf(VARIANT)).toEqual({ init: `${sig}/init.mp4`, segment: `${sig}/seg_00000.m4s` });
    expect(firstFilesOf(VARIANT, 0.5).segment).toBe(`${sig}/seg_00000.m4s`);
    expect(firstFilesOf(VARIANT, 1).segment).toBe(`${sig}/seg_00001.m4s`);
    expect(firstFilesOf(VARIANT, 8.2).segment).toBe(`${sig}/seg_00002.m4s`);
    expect(firstFilesOf(VARIANT, 500).segment).toBe(`${sig}/seg_00000.m4s`);
  });

  it('answers the master, the variant, init and first segment from two calls made at once', async () => {
    const { asked, fetch } = network(startAnswers);
    const sent: string[] = [];
    const prefetch = StartPrefetch.for(MASTER, undefined, deps(fetch))!;
    // Both go out before anything has answered: neither waits for the other.
    expect(asked).toEqual(['/api/stream/7/start.json', '/api/stream/7/start.mp4']);
    const Loader = loaderWithPrefetch(fakeDefaultLoader(sent), prefetch);

    const master = await load(Loader, MASTER);
    expect(master.data).toBe(START.master);
    expect((await load(Loader, VARIANT_URI)).data).toBe(VARIANT);
    // start.mp4 split where its header says: the init segment, then the segment it names.
    const init = await load(Loader, '/api/stream/s/9.480.3.99.sig/init.mp4', FRAGMENT);
    expect(new Uint8Array(init.data as ArrayBuffer)).toEqual(bytes(700));
    const segment = await load(Loader, '/api/stream/s/9.480.3.99.sig/seg_00000.m4s', FRAGMENT);
    expect(new Uint8Array(segment.data as ArrayBuffer)).toEqual(bytes(115_000));
    expect(asked).toHaveLength(2);
    // hls.js measures the bandwidth from these: the real request's times and size.
    expect(segment.stats.loaded).toBe(115_000);
    expect(segment.stats.loading.end).toBeGreaterThanOrEqual(segment.stats.loading.first);
    expect(segment.stats.loading.first).toBeGreaterThan(segment.stats.loading.start);
    expect(sent).toEqual([]);

    // Each answer is handed out once; the next segment, or the same one again, goes to the network.
    expect((await load(Loader, '/api/stream/s/9.480.3.99.sig/seg_00000.m4s', FRAGMENT)).data).toBe(
      'from the network',
    );
    expect((await load(Loader, '/api/stream/s/9.480.3.99.sig/seg_00001.m4s', FRAGMENT)).data).toBe(
      'from the network',
    );
    expect(sent).toEqual([
      '/api/stream/s/9.480.3.99.sig/seg_00000.m4s',
      '/api/stream/s/9.480.3.99.sig/seg_00001.m4s',
    ]);
    expect(asked).toHaveLength(2);
  });

  it('answers the first audio track too, from the same two calls, when the film has alternate audio', async () => {
    const sound = '/api/stream/s/9.a4c2.3.99.sig';
    const audioPlaylist = VARIANT.replaceAll('/api/stream/s/9.480.3.99.sig', sound);
    const start = {
      ...START,
      audio: { uri: `${sound}/index.m3u8`, rendition: 'a4c2', playlist: audioPlaylist },
    };
    const withSound = (rendition: string) => () =>
      new Response(new Blob([bytes(700), bytes(115_000), bytes(600), bytes(9_000)]), {
        headers: {
          'x-init-length': '700',
          'x-start-segment': 'seg_00000.m4s',
          'x-segment-length': '115000',
          'x-audio-rendition': rendition,
          'x-audio-init-length': '600',
          'x-audio-segment': 'seg_00000.m4s',
        },
      });
    for (const [rendition, fromStart] of [
      ['a4c2', true],
      ['a5c2', false],
    ] as const) {
      const { asked, fetch } = network({
        ...startAnswers,
        '/api/stream/7/start.json': () => Response.json(start),
        '/api/stream/7/start.mp4': withSound(rendition),
        [`${sound}/init.mp4`]: () => new Response(bytes(601)),
        [`${sound}/seg_00000.m4s`]: () => new Response(bytes(9_001)),
      });
      const Loader = loaderWithPrefetch(
        fakeDefaultLoader([]),
        StartPrefetch.for(MASTER, undefined, deps(fetch))!,
      );
      await load(Loader, MASTER);
      expect((await load(Loader, VARIANT_URI)).data).toBe(VARIANT);
      expect((await load(Loader, `${sound}/index.m3u8`)).data).toBe(audioPlaylist);
      const size = async (url: string) =>
        ((await load(Loader, url, FRAGMENT)).data as ArrayBuffer).byteLength;
      expect(await size('/api/stream/s/9.480.3.99.sig/init.mp4')).toBe(700);
      expect(await size('/api/stream/s/9.480.3.99.sig/seg_00000.m4s')).toBe(115_000);
      // The sound's parts come from start.mp4 only when it sent the same track's, else from their addresses.
      expect(await size(`${sound}/init.mp4`)).toBe(fromStart ? 600 : 601);
      expect(await size(`${sound}/seg_00000.m4s`)).toBe(fromStart ? 9_000 : 9_001);
      expect(asked).toHaveLength(fromStart ? 2 : 4);
    }
  });

  it('asks for init and the segment by their addresses when start.mp4 is refused (media in a bucket)', async () => {
    const { asked, fetch } = network({
      ...startAnswers,
      '/api/stream/7/start.mp4': () => Response.json({}, { status: 404 }),
    });
    const sent: string[] = [];
    const Loader = loaderWithPrefetch(fakeDefaultLoader(sent), StartPrefetch.for(MASTER, 0, deps(fetch))!);
    await load(Loader, MASTER);
    await load(Loader, VARIANT_URI);
    const init = await load(Loader, '/api/stream/s/9.480.3.99.sig/init.mp4', FRAGMENT);
    expect((init.data as ArrayBuffer).byteLength).toBe(700);
    const segment = await load(Loader, '/api/stream/s/9.480.3.99.sig/seg_00000.m4s', FRAGMENT);
    expect((segment.data as ArrayBuffer).byteLength).toBe(115_000);
    expect(asked).toEqual([
      '/api/stream/7/start.json',
      '/api/stream/7/start.mp4',
      '/api/stream/s/9.480.3.99.sig/init.mp4',
      '/api/stream/s/9.480.3.99.sig/seg_00000.m4s',
    ]);
    expect(sent).toEqual([]);
  });

  it('does not hand on start.mp4 when it holds another segment than the one hls.js will ask for', async () => {
    const { asked, fetch } = network({
      ...startAnswers,
      '/api/stream/7/start.mp4': startMedia('seg_00001.m4s', bytes(5)),
    });
    const Loader = loaderWithPrefetch(fakeDefaultLoader([]), StartPrefetch.for(MASTER, 0, deps(fetch))!);
    await load(Loader, MASTER);
    const segment = await load(Loader, '/api/stream/s/9.480.3.99.sig/seg_00000.m4s', FRAGMENT);
    expect(new Uint8Array(segment.data as ArrayBuffer)).toEqual(bytes(115_000));
    expect(asked.slice(2)).toEqual([
      '/api/stream/s/9.480.3.99.sig/init.mp4',
      '/api/stream/s/9.480.3.99.sig/seg_00000.m4s',
    ]);
  });

  it('leaves a refused start (signed out, no plan) to hls.js on the network, so its errors are unchanged', async () => {
    const { fetch } = network({ '/api/stream/7/start.json': () => Response.json({}, { status: 403 }) });
    const sent: string[] = [];
    const Loader = loaderWithPrefetch(fakeDefaultLoader(sent), StartPrefetch.for(MASTER, 0, deps(fetch))!);
    expect((await load(Loader, MASTER)).data).toBe('from the network');
    expect(sent).toEqual([MASTER]);
  });

  it('asks for the segment of a resumed position, and sends ranged requests to the network', async () => {
    const { asked, fetch } = network({
      ...startAnswers,
      '/api/stream/7/start.mp4?at=7': startMedia('seg_00002.m4s', bytes(9)),
    });
    const sent: string[] = [];
    const Loader = loaderWithPrefetch(fakeDefaultLoader(sent), StartPrefetch.for(MASTER, 7, deps(fetch))!);
    await load(Loader, MASTER);
    expect(asked).toEqual(['/api/stream/7/start.json', '/api/stream/7/start.mp4?at=7']);
    const ranged = await load(Loader, '/api/stream/s/9.480.3.99.sig/init.mp4', {
      ...FRAGMENT,
      rangeStart: 0,
      rangeEnd: 10,
    });
    expect(ranged.data).toBe('from the network');
    const segment = await load(Loader, '/api/stream/s/9.480.3.99.sig/seg_00002.m4s', FRAGMENT);
    expect(new Uint8Array(segment.data as ArrayBuffer)).toEqual(bytes(9));
    expect(asked).toHaveLength(2);
  });

  it('drops an answer that arrives after hls.js aborted the load', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetch } = network({
      '/api/stream/7/start.json': () => Response.json(START),
    });
    const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await held;
      return fetch(input, init);
    }) as typeof globalThis.fetch;
    const Loader = loaderWithPrefetch(fakeDefaultLoader([]), StartPrefetch.for(MASTER, 0, deps(slowFetch))!);
    const loader = new Loader({} as never);
    const outcomes: string[] = [];
    loader.load({ url: new URL(MASTER, BASE).href, responseType: 'text' } as LoaderContext, {} as never, {
      onSuccess: () => outcomes.push('success'),
      onError: () => outcomes.push('error'),
      onTimeout: () => outcomes.push('timeout'),
      onAbort: () => outcomes.push('abort'),
    });
    loader.abort();
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outcomes).toEqual(['abort']);
    expect(loader.stats.aborted).toBe(true);
  });
});
