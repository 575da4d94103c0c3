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
