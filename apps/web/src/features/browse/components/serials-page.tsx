import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Serials (/serials): every serial with its seasons. */
export function SerialsPage() {
  const t = useT();
  return <PageIntro title={t('serials')} description={t('nothing_here_yet')} />;
}
