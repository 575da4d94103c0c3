import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Player (/player): plays the chosen title. */
export function PlayerPage() {
  const t = useT();
  return <PageIntro title={t('play_now')} description={t('nothing_here_yet')} />;
}
