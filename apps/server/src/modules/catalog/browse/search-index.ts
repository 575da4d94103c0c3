import { type AgeRating, withinMaturity } from '@salomtv/contract';
import { searchSpelling } from './search-spelling.js';

/** What the search reads of a published title. */
export interface SearchEntry {
  movie_id: number;
  /** The title as written, then in every language it is translated into. */
  titles: readonly string[];
  /** Genres, cast and tags: matched like the title, ranked below it. */
  other: readonly string[];
  view_count: number;
  /** Left out of a search under a lower maturity ceiling (undefined: never left out). */
  age_rating?: AgeRating | null;
}

/** Whether `a` becomes `b` by at most one change: a letter replaced, added, left out, or two swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) {
    if (short.slice(i + 1) === long.slice(i + 1)) return true;
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  }
  return short.slice(i) === long.slice(i + 1);
}

/** Shorter words are too easily one letter from another to forgive a typo in them. */
export const FUZZY_MIN_LENGTH = 4;

/**
 * How well a typed word matches a word of a title: 4 the word itself, 3 its beginning, 2 inside it, 1 with one
 * wrong letter (in the word or its beginning), 0 not at all.
 */
export function wordMatch(typed: string, word: string): number {
  if (typed === word) return 4;
  if (word.startsWith(typed)) return 3;
  if (typed.length >= 3 && word.includes(typed)) return 2;
  if (typed.length < FUZZY_MIN_LENGTH) return 0;
  if (withinOneEdit(typed, word)) return 1;
  for (const cut of [typed.length - 1, typed.length, typed.length + 1]) {
    if (cut < word.length && withinOneEdit(typed, word.slice(0, cut))) return 1;
  }
  return 0;
}

interface Posting {
  entry: number;
  inTitle: boolean;
}

/**
 * The published catalogue's words in memory, built once per catalogue version: every typed word must match a
 * word of the title, its genres, cast or tags (see `wordMatch`); titles rank above the rest, then better matches,
 * then the most watched.
 */
export class SearchIndex {
  private readonly words = new Map<string, Posting[]>();
  private readonly titles: string[][];

  constructor(private readonly entries: readonly SearchEntry[]) {
    // Genres and cast names recur across titles: each distinct text is spelled once per build.
    const spelled = new Map<string, string>();
    const spell = (text: string) => {
      let spelling = spelled.get(text);
      if (spelling === undefined) {
        spelling = searchSpelling(text);
        spelled.set(text, spelling);
      }
      return spelling;
    };
    this.titles = entries.map((entry) => entry.titles.map(spell));
    entries.forEach((entry, index) => {
      const seen = new Set<string>();
      const add = (spelling: string, inTitle: boolean) => {
        for (const word of spelling.split(' ')) {
          const key = `${inTitle ? 't' : 'o'}${word}`;
          if (!word || seen.has(key)) continue;
          seen.add(key);
          const postings = this.words.get(word) ?? [];
          postings.push({ entry: index, inTitle });
          this.words.set(word, postings);
        }
      };
      for (const title of this.titles[index]!) add(title, true);
      for (const text of entry.other) add(spell(text), false);
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The ids of the titles that match, best first; none rated above `ceiling` (null: no ceiling). */
  search(query: string, ceiling: AgeRating | null = null): number[] {
    const phrase = searchSpelling(query);
    const typed = [...new Set(phrase.split(' ').filter(Boolean))];
    if (typed.length === 0) return [];
    let scores: Map<number, number> | undefined;
    for (const word of typed) {
      const best = new Map<number, number>();
      for (const [known, postings] of this.words) {
        const quality = wordMatch(word, known);
        if (quality === 0) continue;
        for (const { entry, inTitle } of postings) {
          if (scores && !scores.has(entry)) continue;
          const score = inTitle ? quality * 2 : quality;
          if (score > (best.get(entry) ?? 0)) best.set(entry, score);
        }
      }
      if (scores) for (const [entry, score] of best) best.set(entry, score + scores.get(entry)!);
      scores = best;
      if (scores.size === 0) return [];
    }
    const matched =
      ceiling === null
        ? [...scores!]
        : [...scores!].filter(([entry]) => {
            const rating = this.entries[entry]!.age_rating;
            return rating === undefined || withinMaturity(rating, ceiling);
          });
    const ranked = matched.map(([entry, score]) => {
      const bonus = Math.max(
        ...this.titles[entry]!.map((title) =>
          title === phrase ? 100 : title.startsWith(phrase) ? 20 : title.includes(phrase) ? 10 : 0,
        ),
      );
      return { entry: this.entries[entry]!, score: score + bonus };
    });
    ranked.sort(
      (a, b) =>
        b.score - a.score || b.entry.view_count - a.entry.view_count || b.entry.movie_id - a.entry.movie_id,
    );
    return ranked.map(({ entry }) => entry.movie_id);
  }
}
