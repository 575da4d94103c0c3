import { englishTexts, type LanguageRecord } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { directionOf, fillText, htmlLangOf, translate } from './translate';

const urdu = { keyword: 'Ur', dir: 'rtl', sign_in: 'داخل ہوں', world_best: '   ' } as Partial<LanguageRecord>;

describe('translate', () => {
  it("uses the record's text", () => {
    expect(translate(urdu, 'sign_in')).toBe('داخل ہوں');
  });

  it('falls back to English for a missing or blank text, and when there is no record at all', () => {
    expect(translate(urdu, 'world_best')).toBe(englishTexts.world_best);
    expect(translate(urdu, 'subscribe_now')).toBe('Subscribe Now');
    expect(translate(undefined, 'sign_in')).toBe('Sign In');
  });

  it('reads the direction and the html lang', () => {
    expect(directionOf(urdu)).toBe('rtl');
    expect(directionOf({ dir: 'ltr' } as Partial<LanguageRecord>)).toBe('ltr');
    expect(directionOf(undefined)).toBe('ltr');
    expect(htmlLangOf('Ur')).toBe('ur');
    expect(htmlLangOf(undefined)).toBe('en');
  });

  it('fills every mark of a text, leaving unknown marks as they are', () => {
    expect(fillText('Until {date}; first payment on {date}', { date: '1 July 2026' })).toBe(
      'Until 1 July 2026; first payment on 1 July 2026',
    );
    expect(fillText('{plan} costs {price}', { plan: 'Basic' })).toBe('Basic costs {price}');
  });
});
