import type { GenreNameRow } from '../../modules/catalog/module.js';

/** The genres' names in the seeded languages, keyed by the lower-case genre the titles carry. */
const NAMES: Record<string, { Uz: string; Ru: string; Ur: string }> = {
  action: { Uz: 'Jangari', Ru: 'Боевик', Ur: 'ایکشن' },
  adventure: { Uz: 'Sarguzasht', Ru: 'Приключения', Ur: 'مہم جوئی' },
  animation: { Uz: 'Multfilm', Ru: 'Мультфильм', Ur: 'اینیمیشن' },
  comedy: { Uz: 'Komediya', Ru: 'Комедия', Ur: 'کامیڈی' },
  crime: { Uz: 'Jinoyat', Ru: 'Криминал', Ur: 'جرم' },
  documentary: { Uz: 'Hujjatli', Ru: 'Документальный', Ur: 'دستاویزی' },
  drama: { Uz: 'Drama', Ru: 'Драма', Ur: 'ڈراما' },
  family: { Uz: 'Oilaviy', Ru: 'Семейный', Ur: 'خاندانی' },
  fantasy: { Uz: 'Fantaziya', Ru: 'Фэнтези', Ur: 'فنتاسی' },
  history: { Uz: 'Tarixiy', Ru: 'История', Ur: 'تاریخی' },
  horror: { Uz: 'Qoʻrqinchli', Ru: 'Ужасы', Ur: 'ڈراؤنی' },
  mystery: { Uz: 'Sirli', Ru: 'Детектив', Ur: 'پراسرار' },
  romance: { Uz: 'Romantika', Ru: 'Мелодрама', Ur: 'رومانوی' },
  'sci-fi': { Uz: 'Ilmiy fantastika', Ru: 'Фантастика', Ur: 'سائنس فکشن' },
  thriller: { Uz: 'Triller', Ru: 'Триллер', Ur: 'سنسنی خیز' },
};

export const GENRE_NAMES: GenreNameRow[] = Object.entries(NAMES).flatMap(([genre, names]) =>
  Object.entries(names).map(([language, name]) => ({ genre, language, name })),
);
