import { describe, expect, it } from 'vitest';
import { SearchIndex, withinOneEdit, wordMatch } from './search-index.js';
import { searchSpelling } from './search-spelling.js';

describe('search words', () => {
  it('reads text without case, accents or punctuation', () => {
    expect(searchSpelling("  Amélie's  DRAMA-FILM  ")).toBe('amelies drama film');
    // Marks go in every script, on both sides of the search alike: Ёлка and елка meet.
    expect(searchSpelling('Ёлка Порт')).toBe(searchSpelling('елка порт'));
    expect(searchSpelling('100%_')).toBe('100');
  });

  it('forgives one letter replaced, added, left out or swapped, never two', () => {
    for (const [a, b] of [
      ['harbor', 'harbor'],
      ['harbar', 'harbor'],
      ['harbr', 'harbor'],
      ['harbour', 'harbor'],
      ['hrabor', 'harbor'],
      ['harbro', 'harbor'],
    ])
      expect(withinOneEdit(a!, b!), `${a} ${b}`).toBe(true);
    for (const [a, b] of [
      ['hxrbxr', 'harbor'],
      ['harb', 'harbor'],
      ['rabhor', 'harbor'],
    ])
      expect(withinOneEdit(a!, b!), `${a} ${b}`).toBe(false);
  });

  it('ranks a whole word over its beginning, a part, and a typo; short words get no typo', () => {
    expect(wordMatch('night', 'night')).toBe(4);
    expect(wordMatch('nig', 'night')).toBe(3);
    expect(wordMatch('ight', 'night')).toBe(2);
    expect(wordMatch('nigth', 'night')).toBe(1);
    // A typo in what was typed so far of a longer word.
    expect(wordMatch('harbpr', 'harborside')).toBe(1);
    expect(wordMatch('cat', 'bat')).toBe(0);
    expect(wordMatch('xyzw', 'night')).toBe(0);
  });
});

describe('the search index', () => {
  const index = new SearchIndex([
    { movie_id: 1, titles: ['Night Harbor'], other: ['Thriller', 'Amelia Hart'], view_count: 5 },
    { movie_id: 2, titles: ['Cold Ledger'], other: ['Crime', 'Victor Lang'], view_count: 50 },
    { movie_id: 3, titles: ['Amelia'], other: ['Drama'], view_count: 1 },
    { movie_id: 4, titles: ['Harbor Lights'], other: ['Drama'], view_count: 9 },
  ]);

  it('needs every typed word to match, with one wrong letter forgiven in each', () => {
    expect(index.search('nigth harbr')).toEqual([1]);
    expect(index.search('night ledger')).toEqual([]);
    expect(index.search('victr')).toEqual([2]);
    expect(index.search('thriler')).toEqual([1]);
    expect(index.search('hxrbxr')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
  });

  it('ranks the title itself first, then title words over cast and genres, then the most watched', () => {
    expect(index.search('amelia')).toEqual([3, 1]);
    expect(index.search('harbor')).toEqual([4, 1]);
    expect(index.search('harbor lights')).toEqual([4]);
    expect(index.search('drama')).toEqual([4, 3]);
  });

  it('finds a title typed in another script: Uzbek in Latin or Cyrillic, Russian Cyrillic for a Latin name', () => {
    const cities = new SearchIndex([
      { movie_id: 10, titles: ['Samarkand Nights'], other: ['Drama'], view_count: 3 },
      { movie_id: 11, titles: ['Buxoro'], other: ['Хроника', 'Dilnoza Karimova'], view_count: 2 },
      { movie_id: 12, titles: ['Ташкент'], other: ['Comedy'], view_count: 1 },
    ]);
    for (const query of ['Самарканд', 'Samarqand', 'самарқанд', 'samarkand'])
      expect(cities.search(query), query).toEqual([10]);
    expect(cities.search('Бухоро')).toEqual([11]);
    // Uzbek's Toshkent is one letter from the Russian spelling's Tashkent.
    expect(cities.search('Tashkent')).toEqual([12]);
    expect(cities.search('Toshkent')).toEqual([12]);
    expect(cities.search('Андижон')).toEqual([]);
    expect(cities.search('xronika')).toEqual([11]);
    expect(cities.search('Дилноза')).toEqual([11]);
  });
});
