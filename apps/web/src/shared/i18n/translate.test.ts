import { englishTexts, type LanguageRecord, pluralCategoryOf } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { directionOf, fill, htmlLangOf, translate, translatePlural } from './translate';

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
    expect(fill('Until {date}; first payment on {date}', { date: '1 July 2026' })).toBe(
      'Until 1 July 2026; first payment on 1 July 2026',
    );
    expect(fill('{plan} costs {price}', { plan: 'Basic' })).toBe('Basic costs {price}');
    expect(fill('{count} views', { count: 3 })).toBe('3 views');
    expect(fill('{constructor}', {})).toBe('{constructor}');
  });
});

describe('plural texts', () => {
  const english = { keyword: 'En' } as Partial<LanguageRecord>;
  const russian = {
    keyword: 'Ru',
    views_count_one: '{count} просмотр',
    views_count_few: '{count} просмотра',
    views_count_many: '{count} просмотров',
    views_count_other: '{count} просмотра',
  } as Partial<LanguageRecord>;
  const uzbek = { keyword: 'Uz', views_count_one: '{count} marta', views_count_other: '{count} marta' };
  const urdu = {
    keyword: 'Ur',
    ratings_count_one: '{count} درجہ بندی',
    ratings_count_other: '{count} درجہ بندیاں',
  } as Partial<LanguageRecord>;

  it('picks English one and other', () => {
    expect(translatePlural(english, 'views_count', 1)).toBe('1 view');
    expect(translatePlural(english, 'views_count', 2)).toBe('2 views');
    expect(translatePlural(english, 'views_count', 0)).toBe('0 views');
    expect(translatePlural(english, 'ratings_count', 1)).toBe('1 rating');
    expect(translatePlural(english, 'next_episode_in', 10)).toBe('Next episode in 10 s');
    expect(translatePlural(undefined, 'rate_stars', 1)).toBe('Rate 1 star');
  });

  it('picks Russian one, few, many and other', () => {
    expect(translatePlural(russian, 'views_count', 1)).toBe('1 просмотр');
    expect(translatePlural(russian, 'views_count', 21)).toBe('21 просмотр');
    expect(translatePlural(russian, 'views_count', 3)).toBe('3 просмотра');
    expect(translatePlural(russian, 'views_count', 11)).toBe('11 просмотров');
    expect(translatePlural(russian, 'views_count', 5)).toBe('5 просмотров');
    expect(translatePlural(russian, 'views_count', 1.5)).toBe('1,5 просмотра');
  });

  it('picks Uzbek and Urdu one and other', () => {
    expect(pluralCategoryOf('uz', 1)).toBe('one');
    expect(pluralCategoryOf('uz', 2)).toBe('other');
    expect(translatePlural(uzbek, 'views_count', 7)).toBe('7 marta');
    expect(translatePlural(urdu, 'ratings_count', 1)).toBe('1 درجہ بندی');
    expect(translatePlural(urdu, 'ratings_count', 4)).toBe('4 درجہ بندیاں');
  });

  it("falls back to English's form for the number when the language lacks a form, and prints the number shown", () => {
    expect(translatePlural(uzbek, 'ratings_count', 1)).toBe('1 rating');
    expect(translatePlural(russian, 'views_count', 13000, '13 тыс.')).toBe('13 тыс. просмотров');
    expect(translatePlural(english, 'views_count', 1234)).toBe('1,234 views');
  });
});
