import type { AudioTrack, LanguageSummary } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import {
  channelsText,
  isTrackBusy,
  languageChoices,
  languageName,
  movedOrder,
  tracksOf,
} from './audio-tracks';

const track = (track_id: number, episode_id: number | null, status: AudioTrack['status'] = 'ready') =>
  ({
    track_id,
    episode_id,
    language: 'en',
    label: `Track ${track_id}`,
    is_default: false,
    source: 'file',
    original_name: null,
    status,
    progress: 0,
    error: null,
    channels: [2],
    duration: 2,
  }) satisfies AudioTrack;

const siteLanguage = (lang_id: number, keyword: string, language_title: string): LanguageSummary => ({
  lang_id,
  keyword,
  language_title,
  flag: null,
  dir: 'ltr',
  is_default: false,
});

describe('movedOrder', () => {
  it('swaps a track with its neighbour above or below', () => {
    expect(movedOrder([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
  });

  it('answers null at either end and for a track not in the list', () => {
    expect(movedOrder([1, 2, 3], 1, 'up')).toBeNull();
    expect(movedOrder([1, 2, 3], 3, 'down')).toBeNull();
    expect(movedOrder([1, 2, 3], 9, 'up')).toBeNull();
    expect(movedOrder([], 1, 'down')).toBeNull();
  });

  it('leaves the given list as it was', () => {
    const ids = [4, 5];
    movedOrder(ids, 5, 'up');
    expect(ids).toEqual([4, 5]);
  });
});

describe('channelsText', () => {
  it('names the layouts a track was encoded in', () => {
    expect(channelsText([2])).toBe('Stereo');
    expect(channelsText([2, 6])).toBe('Stereo + 5.1');
    expect(channelsText([1])).toBe('Mono');
    expect(channelsText([2, 4])).toBe('Stereo + 4 channels');
    expect(channelsText([])).toBe('');
  });
});

describe('tracksOf and isTrackBusy', () => {
  it('keeps one target’s tracks in the order given', () => {
    const all = [track(3, null), track(1, 7), track(2, null), track(4, 7)];
    expect(tracksOf(all, null).map((item) => item.track_id)).toEqual([3, 2]);
    expect(tracksOf(all, 7).map((item) => item.track_id)).toEqual([1, 4]);
    expect(tracksOf(all, 8)).toEqual([]);
  });

  it('is busy while queued or encoding', () => {
    expect(isTrackBusy(track(1, null, 'queued'))).toBe(true);
    expect(isTrackBusy(track(1, null, 'processing'))).toBe(true);
    expect(isTrackBusy(track(1, null, 'ready'))).toBe(false);
    expect(isTrackBusy(track(1, null, 'failed'))).toBe(false);
  });
});

describe('languageChoices', () => {
  const site = [siteLanguage(1, 'En', 'English'), siteLanguage(2, 'Uz', 'Uzbek')];

  it('offers the site languages by lower-cased keyword', () => {
    expect(languageChoices(site)).toEqual([
      { value: 'en', name: 'English (en)' },
      { value: 'uz', name: 'Uzbek (uz)' },
    ]);
  });

  it('adds the current language when the site has none such, then Unknown', () => {
    expect(languageChoices(site, 'fr', true).map((choice) => choice.value)).toEqual([
      'en',
      'uz',
      'fr',
      'und',
    ]);
    expect(languageChoices(site, 'fr', true)[2]?.name).toBe('French (fr)');
    expect(languageChoices(site, 'und', true).at(-1)).toEqual({ value: 'und', name: 'Unknown' });
  });

  it('does not repeat a language the site already offers, whatever its case', () => {
    expect(languageChoices(site, 'UZ', true).map((choice) => choice.value)).toEqual(['en', 'uz', 'und']);
  });
});

describe('languageName', () => {
  it('names a code in English, Unknown for und, and keeps a code no one can name', () => {
    expect(languageName('ru')).toBe('Russian');
    expect(languageName('und')).toBe('Unknown');
    expect(languageName('not a code')).toBe('not a code');
  });
});
