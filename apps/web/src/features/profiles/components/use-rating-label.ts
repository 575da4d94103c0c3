import type { AgeRating } from '@salomtv/contract';
import { useT } from '../../../shared/i18n/language-context';

/** A rating as the viewer reads it: "All" in words, the others as they are written. */
export function useRatingLabel() {
  const t = useT();
  return (rating: AgeRating) => (rating === 'All' ? t('maturity_all') : rating);
}
