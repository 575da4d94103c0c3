import { describe, expect, it } from 'vitest';
import { orderSubtitles, preferredSubtitle } from './subtitles';

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

describe("the profile's subtitle language", () => {
  const tracks = [
    { index: 0, lang: 'uz', label: 'Oʻzbekcha' },
    { index: 1, lang: 'ru-RU', label: 'Русский' },
  ];

  it('finds the track in the preferred language, by its primary language', () => {
    expect(preferredSubtitle(tracks, 'Ru')?.index).toBe(1);
    expect(preferredSubtitle(tracks, 'uz')?.index).toBe(0);
  });

  it('finds none without a preference or a track in it', () => {
    expect(preferredSubtitle(tracks, null)).toBeUndefined();
    expect(preferredSubtitle(tracks, 'Ur')).toBeUndefined();
  });
});
