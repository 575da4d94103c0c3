import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Home (/home): the signed-in start page with the catalogue rows. */
export function HomePage() {
  const t = useT();
  return <PageIntro title={t('home')} description={t('nothing_here_yet')} />;
}
