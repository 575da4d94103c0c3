import { describe, expect, it } from 'vitest';
import { composePhone, phoneLooksValid, regionName, splitPhone } from './phone-number';

describe('phone number parts', () => {
  it('joins the calling code and the typed digits, dropping the trunk 0 and spacing', () => {
    expect(composePhone({ iso: 'UZ', national: '90 123-45-67' })).toBe('+998901234567');
    expect(composePhone({ iso: 'PK', national: '0300 1234567' })).toBe('+923001234567');
    expect(composePhone({ iso: 'UZ', national: '+92 300 1234567' })).toBe('+923001234567');
    expect(composePhone({ iso: 'UZ', national: '  ' })).toBe('');
  });

  it('splits an international number back, preferring the longest code', () => {
    expect(splitPhone('+998901234567')).toEqual({ iso: 'UZ', national: '901234567' });
    expect(splitPhone('+923001234567')).toEqual({ iso: 'PK', national: '3001234567' });
    expect(splitPhone('+79161234567', 'KZ')).toEqual({ iso: 'KZ', national: '9161234567' });
    expect(splitPhone('+79161234567')).toEqual({ iso: 'RU', national: '9161234567' });
    expect(splitPhone(null, 'PK')).toEqual({ iso: 'PK', national: '' });
    expect(splitPhone('+3531234567')).toEqual({ iso: 'UZ', national: '+3531234567' });
  });

  it('names regions in the given language', () => {
    expect(regionName('PK', 'en')).toBe('Pakistan');
    expect(regionName('PK', 'ru')).toBe('Пакистан');
  });

  it('takes the app’s own names first, where the browser has none for the language', async () => {
    const { regions } = await import('../i18n/display-names/uz');
    // They are what Node's ICU data says (scripts/write-display-names.mjs), which a browser without it cannot.
    expect(regionName('PK', 'uz', regions)).toBe(new Intl.DisplayNames(['uz'], { type: 'region' }).of('PK'));
    expect(regionName('UZ', 'uz', { UZ: 'Oʻzbekiston' })).toBe('Oʻzbekiston');
    expect(regionName('PK', 'uz', {})).toBe(regionName('PK', 'uz'));
  });
});

describe('phoneLooksValid', () => {
  it('refuses a number too short or too long for its country, and takes one of the right length', async () => {
    expect(await phoneLooksValid(composePhone({ iso: 'UZ', national: '12345' }))).toBe(false);
    expect(await phoneLooksValid(composePhone({ iso: 'UZ', national: '91 088 72 99 1' }))).toBe(false);
    expect(await phoneLooksValid(composePhone({ iso: 'UZ', national: '91 088 72 99' }))).toBe(true);
    expect(await phoneLooksValid(composePhone({ iso: 'PK', national: '0300 1234567' }))).toBe(true);
  });
});
