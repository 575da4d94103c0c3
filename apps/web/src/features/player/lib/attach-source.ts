import type Hls from 'hls.js';
import { loaderWithPrefetch, StartPrefetch } from './start-prefetch';

export interface AttachedSource {
  /** The hls.js instance (null when the browser plays HLS natively). */
  hls: Hls | null;
  destroy: () => void;
}

/**
 * Plays an HLS master playlist in a video element: hls.js where Media Source Extensions exist (loaded on demand,
 * so it is only in the player chunks), the browser's own HLS elsewhere (Safari, iOS).
 */
export async function attachSource(
  video: HTMLVideoElement,
  src: string,
  options: { startPosition?: number } = {},
): Promise<AttachedSource> {
  // Where hls.js will play it (Media Source Extensions), the start playlists are asked for while hls.js loads.
  const prefetch =
    'MediaSource' in window || 'ManagedMediaSource' in window
      ? StartPrefetch.for(src, options.startPosition, {
          fetch: (...args) => globalThis.fetch(...args),
          base: window.location.href,
          now: () => performance.now(),
        })
      : undefined;
  const { default: HlsClass } = await import('hls.js');
  if (HlsClass.isSupported()) {
    const hls = new HlsClass({
      // The first segment comes from the lowest rendition: the picture starts after about a third of the bytes
      // of the top one (time to first frame in bench/README.md), and the bandwidth it measured picks the next.
      startLevel: 0,
      startPosition: options.startPosition ?? -1,
      capLevelToPlayerSize: false,
      // Our segments are fMP4, which hls.js passes through without transmuxing: a worker has nothing heavy to take
      // off the page, and starting one held the first segment back by about 200 ms (time to first frame in
      // bench/README.md).
      enableWorker: false,
      ...(prefetch ? { loader: loaderWithPrefetch(HlsClass.DefaultConfig.loader, prefetch) } : {}),
    });
    // Cues are loaded into a hidden text track and drawn by the player above its controls (subtitle-box.tsx).
    hls.subtitleDisplay = false;
    hls.loadSource(src);
    hls.attachMedia(video);
    return {
      hls,
      destroy: () => {
        hls.destroy();
        prefetch?.destroy();
      },
    };
  }
  prefetch?.destroy();
  video.src = src;
  if (options.startPosition) {
    const seek = () => {
      video.currentTime = options.startPosition ?? 0;
    };
    video.addEventListener('loadedmetadata', seek, { once: true });
  }
  return {
    hls: null,
    destroy: () => {
      video.removeAttribute('src');
      video.load();
    },
  };
}
