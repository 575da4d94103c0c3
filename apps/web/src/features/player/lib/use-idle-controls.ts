import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How long the controls stay after the last pointer move, touch, focus or key while the video plays. */
export const CONTROLS_IDLE_MS = 3000;

/**
 * Whether the player's controls (and the title over the video) show: always while paused; while playing, until
 * `CONTROLS_IDLE_MS` after the viewer last moved the pointer over the frame, touched it, moved focus into it or
 * pressed a key, and as long as one of its menus is open.
 */
export function useIdleControls(frameRef: RefObject<HTMLElement | null>, playing: boolean): boolean {
  const [awake, setAwake] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const sleepLater = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(function sleep() {
      // An open menu keeps the controls (it is part of them).
      if (frameRef.current?.querySelector('[role="menu"]'))
        timer.current = setTimeout(sleep, CONTROLS_IDLE_MS);
      else setAwake(false);
    }, CONTROLS_IDLE_MS);
  }, [frameRef]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const wake = () => {
      setAwake(true);
      sleepLater();
    };
    wake();
    const onFrame = ['pointermove', 'pointerdown', 'focusin'] as const;
    for (const name of onFrame) frame.addEventListener(name, wake);
    document.addEventListener('keydown', wake);
    return () => {
      clearTimeout(timer.current);
      for (const name of onFrame) frame.removeEventListener(name, wake);
      document.removeEventListener('keydown', wake);
    };
  }, [frameRef, sleepLater]);

  // Playing again after a pause starts the count afresh.
  useEffect(() => {
    if (playing) sleepLater();
  }, [playing, sleepLater]);

  return !playing || awake;
}
