import { compactCount } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('durations in the viewer language', () => {
  it('says seconds under a minute, minutes under an hour, hours and minutes beyond (English)', () => {
    expect(formatDuration(4, 'en')).toBe('4 sec');
    expect(formatDuration(4.4, 'en')).toBe('4 sec');
    expect(formatDuration(59.6, 'en')).toBe('1 min');
    expect(formatDuration(60, 'en')).toBe('1 min');
    expect(formatDuration(64, 'en')).toBe('1 min');
    expect(formatDuration(2700, 'en')).toBe('45 min');
    expect(formatDuration(6720, 'en')).toBe('1 hr 52 min');
    expect(formatDuration(7200, 'en')).toBe('2 hr');
    expect(formatDuration(3599, 'en')).toBe('1 hr');
  });
  it('keeps every unit when asked to be precise (the admin screens)', () => {
    expect(formatDuration(95.4, 'en', { precise: true })).toBe('1 min 35 sec');
    expect(formatDuration(3725, 'en', { precise: true })).toBe('1 hr 2 min 5 sec');
    expect(formatDuration(60, 'en', { precise: true })).toBe('1 min');
  });
  it('speaks Uzbek, Russian and Urdu', () => {
    expect(formatDuration(4, 'uz')).toBe('4 son.');
    expect(formatDuration(60, 'uz')).toBe('1 daq.');
    expect(formatDuration(6720, 'uz')).toBe('1 soat 52 daq.');
    expect(formatDuration(4, 'ru')).toBe('4 с');
    expect(formatDuration(60, 'ru')).toBe('1 мин');
    expect(formatDuration(6720, 'ru')).toBe('1 ч 52 мин');
    expect(formatDuration(4, 'ur')).toBe('4 سیکنڈ');
    expect(formatDuration(60, 'ur')).toBe('1 منٹ');
    expect(formatDuration(6720, 'ur')).toBe('1 گھنٹہ اور 52 منٹ');
  });
  it('is empty when the length is unknown', () => {
    expect(formatDuration(null, 'en')).toBe('');
    expect(formatDuration(0, 'en')).toBe('');
    expect(formatDuration(Number.NaN, 'en')).toBe('');
  });
  it('falls back to plain units when Intl cannot read the language tag', () => {
    expect(formatDuration(4, 'not a tag!')).toBe('4 s');
    expect(formatDuration(6720, 'not a tag!')).toBe('1 h 52 min');
  });
});

describe('compact counts', () => {
  it('shortens large counts in the language and keeps the figure when the tag is no locale', () => {
    expect(compactCount(1234, 'en')).toBe('1.2K');
    expect(compactCount(1234, 'ru')).toBe('1,2\u00a0тыс.');
    expect(compactCount(1234, 'en')).toBe('1.2K');
    expect(compactCount(1234, 'not a tag!')).toBe('1234');
    expect(compactCount(999, 'en')).toBe('999');
    expect(compactCount(5, 'ar-EG')).toBe('٥');
  });
});
