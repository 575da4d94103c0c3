import { describe, expect, it } from 'vitest';
import { orderSubtitles } from './subtitles';

describe('subtitle menu order', () => {
  const tracks = [
    { index: 0, lang: 'en', label: 'English' },
    { index: 1, lang: 'ru', label: 'Русский' },
    { index: 2, lang: 'uz-Latn', label: 'Oʻzbek' },
  ];

  it("puts the viewer's display language first and keeps the others in order", () => {
    expect(orderSubtitles(tracks, 'Uz').map((t) => t.index)).toEqual([2, 0, 1]);
    expect(orderSubtitles(tracks, 'Ru').map((t) => t.index)).toEqual([1, 0, 2]);
  });

  it('keeps the order when the display language has no subtitles', () => {
    expect(orderSubtitles(tracks, 'Ur').map((t) => t.index)).toEqual([0, 1, 2]);
  });
});
