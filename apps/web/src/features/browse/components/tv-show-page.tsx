import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** TV show (/tvshow): the series layout with its banners. */
export function TvShowPage() {
  const t = useT();
  return <PageIntro title={t('tv_series')} description={t('nothing_here_yet')} />;
}
