import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { profilesQuery } from '../shared/api/profiles';
import { meQuery, roleQuery } from '../shared/api/session';
import { readStoredLanguage } from '../shared/i18n/language-storage';
import { languageListQuery, languageRecordQuery } from '../shared/i18n/languages-api';

/** The longest the first render waits for its data; past it the page renders with its placeholders. */
export const FIRST_DATA_WAIT_MS = 2000;

function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

function callsSettled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/**
 * Starts the calls every page renders with (the language record and list, the viewer's role and account) and
 * resolves once they, the router's first match (its page chunk and its loader's calls) and every call that started
 * meanwhile are in, or after `waitMs`. An answer that arrives during a render makes React finish that render in one
 * blocking task (the query cache is an external store), and the language record re-renders every text: rendering
 * once, with the answers, keeps the page responsive while it starts. The server's first paint stays on screen.
 */
export async function firstData(router: DataRouter, queryClient: QueryClient, waitMs: number): Promise<void> {
  void queryClient.prefetchQuery(languageListQuery());
  void queryClient.prefetchQuery(languageRecordQuery(readStoredLanguage().keyword));
  // A signed-in viewer's profile (else account) holds their saved language (features/account AccountLanguage).
  const account = queryClient
    .fetchQuery(roleQuery())
    .then((role) =>
      role
        ? Promise.all([queryClient.prefetchQuery(meQuery()), queryClient.prefetchQuery(profilesQuery())])
        : undefined,
    )
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const ready = (async () => {
    await Promise.all([routerReady(router), account]);
    await callsSettled(queryClient);
  })();
  await Promise.race([ready, timeout]);
  clearTimeout(timer);
}
