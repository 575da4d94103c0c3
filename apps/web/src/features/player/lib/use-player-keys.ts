import { type RefObject, useEffect, useRef } from 'react';
import type { useVideo } from './use-video';

/** Rewind and forward step, seconds. */
export const SEEK_STEP = 10;

/** Whether a key press belongs to the player (not to a field, a menu or a dialog over it). */
function forPlayer(event: KeyboardEvent, frame: HTMLElement): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return true;
  // A menu, or a dialog the player is not in (the popup is one), keeps its keys.
  const layer = target.closest('[role="menu"], [role="dialog"], dialog');
  if (layer && !layer.contains(frame)) return false;
  if (target.closest('input:not([type="range"]), select, textarea, [contenteditable="true"]')) return false;
  const arrow = event.key.startsWith('Arrow');
  // Space and Enter press a focused button or link; the volume slider moves by its own arrows. The seek bar
  // hands every key to the player, so Space and M still work after a click on it.
  if (event.key === ' ' && target.closest('button, a, summary')) return false;
  const range = target.closest('input[type="range"]');
  if (arrow && range && !range.hasAttribute('data-seek')) return false;
  return true;
}

/**
 * The player's keys while it is on the page: space plays or pauses, left and right step 10 s (not during a
 * pre-roll), up and down change the volume, f toggles full screen, m mutes.
 */
export function usePlayerKeys(
  frameRef: RefObject<HTMLElement | null>,
  player: ReturnType<typeof useVideo>,
  options: { prerolling: boolean; toggleFullscreen: () => void },
): void {
  const latest = useRef({ player, ...options });
  latest.current = { player, ...options };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const frame = frameRef.current;
      if (!frame || !forPlayer(event, frame)) return;
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
  }, [frameRef]);
}
