import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Watch list (/watchlist): the titles the viewer saved. */
export function WatchListPage() {
  const t = useT();
  return <PageIntro title={t('watch_list')} description={t('nothing_here_yet')} />;
}
