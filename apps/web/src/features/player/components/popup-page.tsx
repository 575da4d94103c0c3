import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Popup (/popup): a title with its details and trailer. */
export function PopupPage() {
  const t = useT();
  return <PageIntro title={t('more_details')} description={t('nothing_here_yet')} />;
}
