import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Movies (/movies): every movie, in rows by genre. */
export function MoviesPage() {
  const t = useT();
  return <PageIntro title={t('movies')} description={t('nothing_here_yet')} />;
}
