import { useEffect, useRef } from 'react';

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
