import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Navigate } from 'react-router';
import { rowsQuery } from '../../../shared/api/catalog';
import { roleQuery } from '../../../shared/api/session';
import { useReplacePrerenderedPage } from '../../../shared/hooks/prerendered-page';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { readStoredLanguage } from '../../../shared/i18n/language-storage';
import { latestPostsQuery } from '../api/landing-api';
import { landingRails } from '../lib/landing-rails';
import { DownloadSection } from './download-section';
import { LandingHero } from './landing-hero';
import { TitleRail } from './title-rail';
import { WatchAnywhereSection } from './watch-anywhere-section';
import { WhatsNewSection } from './whats-new-section';

/** The latest posts, started by the route as soon as this module is in (app/routing); it starts the rows at once. */
export function startFirstCalls(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(latestPostsQuery(readStoredLanguage().keyword));
}

/** Landing (spec viewer 1). Signed-in visitors go straight to /home. */
export function LandingPage() {
  const t = useT();
  useDocumentTitle(undefined);
  useReplacePrerenderedPage();
  const role = useQuery(roleQuery()).data;
  // The rails fill in slices when the titles arrive, between the browser's own work.
  const rows =
    useDeferredValue(useQuery({ ...rowsQuery({}, useKeyword()), enabled: !role }).data)?.rows ?? [];
  const { season, popular } = landingRails(rows);
  if (role) return <Navigate to="/home" replace />;
  return (
    <>
      <LandingHero />
      <TitleRail id="season-title" heading={t('movies_of_this_season')} items={season} />
      <DownloadSection />
      <WhatsNewSection />
      <WatchAnywhereSection />
      <TitleRail id="popular-title" heading={t('popuplar_movies_and_shows')} items={popular} />
    </>
  );
}
