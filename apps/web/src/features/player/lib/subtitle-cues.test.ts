import { describe, expect, it } from 'vitest';
import { cueLines } from './subtitle-cues';

describe('subtitle cue text', () => {
  it("keeps the lines and drops WebVTT's tags", () => {
    expect(cueLines('<v Ann>Salom, <b>dunyo</b>!</v>\n<i>Xayr</i>')).toEqual(['Salom, dunyo!', 'Xayr']);
    expect(cueLines('Hello <00:00:01.000>there\n\n')).toEqual(['Hello there']);
    expect(cueLines('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toEqual(['1 < 2 && 3 > 2']);
    expect(cueLines('')).toEqual([]);
  });
});
