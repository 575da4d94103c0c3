/** The character references WebVTT cue text may hold (the WebVTT spec's list). */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': '\u00a0',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
};

/**
 * The lines of a cue (its raw `text`) as plain text: WebVTT's own tags (<b>, <i>, <v Name>, timestamps) are
 * dropped and its character references read.
 */
export function cueLines(text: string): string[] {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
