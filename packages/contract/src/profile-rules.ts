/**
 * Maturity levels and the rules of profiles, without zod: the web's first script (the header's profile menu) reads
 * these, and a module with schemas would bring zod into it.
 */

export const AGE_RATINGS = ['All', '7+', '13+', '16+', '18+'] as const;
/** Titles with these ratings make up the kids section (a title without a rating is not in it). */
export const KIDS_AGE_RATINGS = ['All', '7+'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

/** Profiles an account may have when its plan says nothing else. */
export const DEFAULT_MAX_PROFILES = 5;
/** How many generated avatars there are to pick from (`avatar:0` … `avatar:11`). */
export const AVATAR_COUNT = 12;
/** Wrong PINs in a row before a profile makes its viewer wait. */
export const PIN_TRIES = 5;
/**
 * The error code of every call (but the profile list and choice) from a session on no profile: the profile it was
 * on was deleted, and the app shows "Who's watching?".
 */
export const PROFILE_REQUIRED = 'profile_required';
/** The wait after `PIN_TRIES` wrong PINs. */
export const PIN_WAIT_MINUTES = 15;
export const PROFILE_NAME_MAX = 40;
export const MAX_PROFILE_AVATAR_BYTES = 5 * 1024 * 1024;

/** Whether a title rated `rating` may be shown under a maturity `ceiling` (null: no ceiling). Unrated titles need none. */
export function withinMaturity(rating: AgeRating | null, ceiling: AgeRating | null): boolean {
  if (ceiling === null || ceiling === '18+') return true;
  if (rating === null) return false;
  return AGE_RATINGS.indexOf(rating) <= AGE_RATINGS.indexOf(ceiling);
}

/** The ratings a ceiling lets through, lowest first (all of them for 18+). */
export function ratingsWithin(ceiling: AgeRating): AgeRating[] {
  return AGE_RATINGS.slice(0, AGE_RATINGS.indexOf(ceiling) + 1);
}

/** The lower of two ceilings (null is none). */
export function lowerCeiling(a: AgeRating | null, b: AgeRating | null): AgeRating | null {
  if (a === null) return b;
  if (b === null) return a;
  return AGE_RATINGS.indexOf(a) <= AGE_RATINGS.indexOf(b) ? a : b;
}
