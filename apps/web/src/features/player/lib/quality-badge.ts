import type { Quality } from '@salomtv/contract';

/** The top rendition height each label stands for (the server names a title's quality the same way). */
const HEIGHTS: Record<Quality, number> = { SD: 480, HD: 720, FHD: 1080 };

/** SD, HD or FHD for a rendition height. */
export function qualityLabel(height: number): Quality {
  if (height >= HEIGHTS.FHD) return 'FHD';
  if (height >= HEIGHTS.HD) return 'HD';
  return 'SD';
}

/**
 * The quality badge: what the title has, capped by what the viewer's plan lets them receive. What the title has
 * comes from the renditions of its master playlist once the feature plays, else from the title's own quality;
 * the cap is the playback grant's `max_height` (none when there is no grant yet, or signed out). An SD-only
 * title never says FHD, and a Basic plan never shows more than SD.
 */
export function qualityBadge(facts: {
  title: Quality | null;
  renditionHeights: readonly number[];
  maxHeight: number | undefined;
}): Quality | null {
  const heights = facts.renditionHeights.filter((height) => height > 0);
  const top = heights.length > 0 ? Math.max(...heights) : facts.title ? HEIGHTS[facts.title] : 0;
  if (top <= 0) return null;
  return qualityLabel(facts.maxHeight ? Math.min(top, facts.maxHeight) : top);
}
