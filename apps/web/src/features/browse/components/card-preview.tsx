import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the pointer (or focus) rests on a card before its trailer preview starts. */
export const PREVIEW_DELAY_MS = 600;

/** Previews need a real hover (no touch screens) and a viewer who has not asked for reduced motion. */
function previewAllowed(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  return (
    window.matchMedia('(hover: hover) and (pointer: fine)').matches &&
    !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Starts a preview after the pointer or focus has rested on a card for `PREVIEW_DELAY_MS`. */
export function useHoverPreview(src: string | null) {
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useCallback(() => {
    if (!src || !previewAllowed()) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActive(true), PREVIEW_DELAY_MS);
  }, [src]);
  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setActive(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { active: active && Boolean(src), start, stop };
}

/**
 * The card's trailer preview: an HLS master playlist played with hls.js (loaded only when a preview starts)
 * or the browser's own HLS. Muted unless the viewer turned the card's volume on.
 */
export function CardPreview({ src, muted }: { src: string; muted: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    void (async () => {
      const { default: Hls } = await import('hls.js');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ capLevelToPlayerSize: true, maxBufferLength: 10, startLevel: 0 });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else {
        video.src = src;
        destroy = () => {
          video.removeAttribute('src');
          video.load();
        };
      }
      video.play().catch(() => {
        // Unmuted autoplay can be refused: fall back to a muted preview.
        video.muted = true;
        void video.play().catch(() => undefined);
      });
    })();
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src]);
  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);
  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      aria-hidden
      tabIndex={-1}
      data-testid="card-preview"
      className="pointer-events-none absolute inset-x-0 top-0 aspect-[2/3] w-full bg-black object-cover"
    />
  );
}
