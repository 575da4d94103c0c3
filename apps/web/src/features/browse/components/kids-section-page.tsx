import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Kids Section (/kidsection): titles for children. */
export function KidsSectionPage() {
  const t = useT();
  return <PageIntro title={t('kids_section')} description={t('nothing_here_yet')} />;
}
