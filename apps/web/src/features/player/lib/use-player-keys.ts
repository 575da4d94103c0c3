import { useEffect, useRef } from 'react';
import type { useVideo } from './use-video';

/** Rewind and forward step, seconds. */
export const SEEK_STEP = 10;

/**
 * The full-page player's keys, anywhere on the page but in a field, a button, a link, a menu or a dialog: space
 * plays or pauses, left and right step 10 s (not during a pre-roll), up and down change the volume, f toggles full
 * screen, m mutes.
 */
export function usePlayerKeys(
  enabled: boolean,
  player: ReturnType<typeof useVideo>,
  options: { prerolling: boolean; toggleFullscreen: () => void },
): void {
  const latest = useRef({ player, ...options });
  latest.current = { player, ...options };
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, button, a, [role="menu"], [role="dialog"], dialog'))
        return;
      const { player: p, prerolling, toggleFullscreen } = latest.current;
      const c = p.controls;
      if (event.key === ' ') c.toggle();
      else if (event.key === 'ArrowLeft' && !prerolling) c.seekBy(-SEEK_STEP);
      else if (event.key === 'ArrowRight' && !prerolling) c.seekBy(SEEK_STEP);
      else if (event.key === 'ArrowUp') c.setVolume(Math.min(1, p.state.volume + 0.1));
      else if (event.key === 'ArrowDown') c.setVolume(Math.max(0, p.state.volume - 0.1));
      else if (event.key === 'f') toggleFullscreen();
      else if (event.key === 'm') c.toggleMute();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
