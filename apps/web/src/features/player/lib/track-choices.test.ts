import { describe, expect, it } from 'vitest';
import { audioChoices, qualityChoices, speedChoices, subtitleChoices } from './track-choices';

describe("the player's menus", () => {
  it('quality: Auto, then the renditions from the highest, once per height', () => {
    const levels = [
      { index: 0, height: 480 },
      { index: 1, height: 1080 },
      { index: 2, height: 720 },
      { index: 3, height: 720 },
    ];
    expect(qualityChoices(levels, 'Auto')).toEqual([
      { value: -1, label: 'Auto' },
      { value: 1, label: '1080p' },
      { value: 2, label: '720p' },
      { value: 0, label: '480p' },
    ]);
    expect(qualityChoices([], 'Auto')).toEqual([{ value: -1, label: 'Auto' }]);
  });

  it('speed: 0.5x to 2x', () => {
    expect(speedChoices().map((c) => c.label)).toEqual(['0.5x', '0.75x', '1x', '1.25x', '1.5x', '2x']);
  });

  it("subtitles: Off, then the viewer's language first", () => {
    const tracks = [
      { index: 0, lang: 'en', label: 'English' },
      { index: 1, lang: 'ru', label: 'Русский' },
    ];
    expect(subtitleChoices(tracks, 'Ru', 'Выкл')).toEqual([
      { value: -1, label: 'Выкл' },
      { value: 1, label: 'Русский' },
      { value: 0, label: 'English' },
    ]);
  });

  it('audio: listed only when there are several tracks, by name, else by language', () => {
    const name = (code: string) => ({ uz: 'Uzbek', en: 'English' })[code] ?? code;
    expect(audioChoices([{ index: 0, lang: 'en', name: 'English' }], name)).toEqual([]);
    expect(
      audioChoices(
        [
          { index: 0, lang: 'en', name: 'Original' },
          { index: 1, lang: 'uz', name: '' },
          { index: 2, lang: '', name: '' },
        ],
        name,
      ),
    ).toEqual([
      { value: 0, label: 'Original' },
      { value: 1, label: 'Uzbek' },
      { value: 2, label: '3' },
    ]);
  });
});
