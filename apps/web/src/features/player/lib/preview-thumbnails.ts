import { useQuery } from '@tanstack/react-query';

/** One tile of the scrub-preview sprite: the time range it stands for and where it sits in the image. */
export interface PreviewCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `00:01:02.500` or `01:02.500` in seconds. */
function seconds(stamp: string): number {
  const parts = stamp.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * Reads the media pipeline's sprite index (WebVTT whose cues are `sprite.jpg#xywh=x,y,w,h`). Relative image
 * addresses are resolved against the index's own address.
 */
export function parsePreviewVtt(text: string, base: string): PreviewCue[] {
  const cues: PreviewCue[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.includes('-->')) continue;
    const [from, to] = line.split('-->');
    const target = (lines[i + 1] ?? '').trim();
    const match = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target);
    if (!from || !to || !match) continue;
    const start = seconds(from);
    const end = seconds(to.trim().split(/\s+/)[0] ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    cues.push({
      start,
      end,
      url: resolve(match[1] ?? '', base),
      x: Number(match[2]),
      y: Number(match[3]),
      width: Number(match[4]),
      height: Number(match[5]),
    });
  }
  return cues;
}

/** Same-origin addresses as paths (as the rest of the app uses them), others in full. */
function resolve(url: string, base: string): string {
  const resolved = new URL(url, base);
  const origin = new URL(base).origin;
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : resolved.href;
}

/** The tile for a moment of the video (the last one past the end, none before any). */
export function cueAt(cues: readonly PreviewCue[], time: number): PreviewCue | undefined {
  let found: PreviewCue | undefined;
  for (const cue of cues) {
    if (cue.start <= time) found = cue;
    if (time < cue.end) break;
  }
  return found;
}

/** The preview tiles of a title or episode (none when the pipeline made no sprite). */
export function usePreviewThumbnails(vttUrl: string | null | undefined): PreviewCue[] {
  return (
    useQuery({
      queryKey: ['player', 'preview', vttUrl],
      queryFn: async ({ signal }) => {
        const response = await fetch(vttUrl as string, { signal, credentials: 'same-origin' });
        if (!response.ok) return [];
        return parsePreviewVtt(await response.text(), new URL(vttUrl as string, window.location.href).href);
      },
      enabled: Boolean(vttUrl),
      staleTime: Number.POSITIVE_INFINITY,
    }).data ?? []
  );
}
