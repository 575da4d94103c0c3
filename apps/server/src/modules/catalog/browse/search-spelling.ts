/**
 * One spelling for search of a text in any script the catalogue meets: Uzbek is written in Latin and Cyrillic, and
 * Russian viewers type Latin titles in Cyrillic, so both sides of a search are brought to a Latin skeleton where
 * "Самарканд", "Самарқанд", "Samarqand" and "Samarkand" are one word.
 */

/**
 * Cyrillic letters (Russian's, Uzbek's and the common Ukrainian ones) in Latin, after Uzbek's Latin alphabet where
 * it has a letter (қ q, ғ gʻ, ў oʻ, ҳ h, х x, ж j) and the usual English transliteration elsewhere.
 */
const CYRILLIC_IN_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ғ: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  // Written е as often as ё in Russian, and e in English (Gorbachev); Latin's word-initial yo is folded to e below.
  ё: 'e',
  є: 'ye',
  ж: 'j',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  қ: 'q',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  ў: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ҳ: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ь: '',
  ы: 'i',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const CYRILLIC_LETTER = /[\u0400-\u04ff]/gu;

/**
 * Latin spellings that name one sound, folded to one letter so that English transliteration ("Khiva",
 * "Zhukov", "Dzhamshid") meets Uzbek's ("Xiva", "Jukov", "Jamshid"), and q meets k. A word-initial "ye"
 * or "yo" is "e" (Russian "Ереван" is "Yerevan" in English, Uzbek "Ёшлик" is "Yoshlik").
 */
const LATIN_FOLDS: Readonly<Record<string, string>> = {
  dzh: 'j',
  dj: 'j',
  zh: 'j',
  kh: 'x',
  ks: 'x',
  ph: 'f',
  c: 'k',
  q: 'k',
  w: 'v',
  ye: 'e',
  yo: 'e',
  iy: 'y',
};
// One pass, the longer spellings first; `y[eo]` only at a word's start, `iy` only at its end.
const LATIN_FOLD = /dzh|dj|zh|kh|ks|ph|c(?!h)|q|w|\by[eo]|iy\b/g;

/** Lower case, Cyrillic in Latin, accents off, anything but letters and digits a space, one-sound spellings folded. */
export function searchSpelling(text: string): string {
  const latin = text
    .normalize('NFC')
    .toLowerCase()
    .replace(CYRILLIC_LETTER, (letter) => CYRILLIC_IN_LATIN[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // Letters whose accent was their own (ӣ, ӯ) are plain Cyrillic now.
    .replace(CYRILLIC_LETTER, (letter) => CYRILLIC_IN_LATIN[letter] ?? letter)
    .replace(/['’ʻʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return latin.replace(LATIN_FOLD, (spelling) => LATIN_FOLDS[spelling]!);
}
