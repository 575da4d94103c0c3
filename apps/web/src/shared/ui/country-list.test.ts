import { COUNTRY_CODES } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './country-list';
import { countryOfPhone } from './phone-country';

describe('the country list', () => {
  it('has every ISO 3166-1 country, the spec’s Pakistan and India among them, once each', () => {
    const list = countryOptions('en');
    expect(list).toHaveLength(249);
    expect(new Set(list.map((c) => c.code)).size).toBe(249);
    expect(list.map((c) => c.code).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(list).toContainEqual({ code: 'PK', name: 'Pakistan' });
    expect(list).toContainEqual({ code: 'IN', name: 'India' });
    expect(list.every((c) => c.name !== c.code)).toBe(true);
  });

  it('names the countries in the page’s language and sorts them the way it does', () => {
    for (const locale of ['en', 'ru', 'ur', 'uz']) {
      const names = countryOptions(locale).map((c) => c.name);
      const collator = new Intl.Collator(locale);
      expect(names).toEqual([...names].sort(collator.compare));
    }
    const byCode = (locale: string, code: string) =>
      countryOptions(locale).find((c) => c.code === code)?.name;
    expect(byCode('ru', 'PK')).toBe('Пакистан');
    expect(byCode('ur', 'PK')).toBe('پاکستان');
    expect(byCode('ur', 'IN')).toBe('بھارت');
    expect(byCode('en', 'UZ')).toBe('Uzbekistan');
    // Swedish sorts Å after Z, English among the A's: the collation is the language's own.
    const swedish = countryOptions('sv').map((c) => c.code);
    expect(swedish.indexOf('AX')).toBeGreaterThan(swedish.indexOf('ZW'));
    const english = countryOptions('en').map((c) => c.code);
    expect(english.indexOf('AX')).toBeLessThan(english.indexOf('ZW'));
  });
});

describe('the country of a phone number', () => {
  it('is read from the calling code, and from the area code where countries share one', () => {
    expect(countryOfPhone('+923001234567')).toBe('PK');
    expect(countryOfPhone('+919812345678')).toBe('IN');
    expect(countryOfPhone('+998901234567')).toBe('UZ');
    expect(countryOfPhone('+79161234567')).toBe('RU');
    expect(countryOfPhone('+77011234567')).toBe('KZ');
    expect(countryOfPhone('+14165550123')).toBe('CA');
    expect(countryOfPhone('+442071838750')).toBe('GB');
  });

  it('is unknown for what is not a number', () => {
    expect(countryOfPhone('')).toBeUndefined();
    expect(countryOfPhone('+0')).toBeUndefined();
  });
});
