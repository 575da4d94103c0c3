import { unsupportedType } from '../../lib/errors.js';

const TIMING = /^(\d{1,3}:)?\d{2}:\d{2}[.,]\d{3}\s+-->\s+(\d{1,3}:)?\d{2}:\d{2}[.,]\d{3}/;
const ALLOWED_TAG = /^<\/?(b|i|u)>$/i;

function refuse(message: string): never {
  throw unsupportedType(message, { file: 'Choose a WebVTT (.vtt) or SubRip (.srt) text file' });
}

/** Only the cue markup every player understands (b, i, u) survives; other tags are dropped. */
function cleanCueText(line: string): string {
  return line.replace(/<[^>]*>/g, (tag) => (ALLOWED_TAG.test(tag) ? tag.toLowerCase() : ''));
}

/**
 * Checks an uploaded subtitle file by content (UTF-8 text, WebVTT or SRT cues) and answers WebVTT:
 * SRT timings get dots, cue numbers are kept as cue ids, markup is reduced to b/i/u.
 */
export function toWebVtt(data: Buffer): string {
  if (data.includes(0)) refuse('The subtitle file is not text');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    refuse('The subtitle file is not UTF-8 text');
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const isVtt = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text);
  const blocks = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const cues: string[] = [];
  for (const block of isVtt ? blocks.slice(1) : blocks) {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => TIMING.test(line));
    if (timingIndex === -1) {
      // WebVTT NOTE/STYLE/REGION blocks are dropped; anything else in an SRT is not a subtitle file.
      if (isVtt) continue;
      refuse('The file has a block without a cue timing');
    }
    if (timingIndex > 1) refuse('The file has a malformed cue');
    const id = timingIndex === 1 ? lines[0]!.replace(/-->/g, '') : undefined;
    const timing = lines[timingIndex]!.replace(/(\d),(\d{3})/g, '$1.$2');
    const body = lines.slice(timingIndex + 1).map(cleanCueText);
    cues.push([...(id ? [id] : []), timing, ...body].join('\n'));
  }
  if (cues.length === 0) refuse('The file has no subtitle cues');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
