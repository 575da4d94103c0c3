import { PROFILE_REQUIRED, SECOND_FACTOR_SETUP_REQUIRED } from '@salomtv/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';
import { profileKeys } from '../shared/api/profiles';
import { SECURITY_PAGE } from '../shared/api/security';

/** Client errors (4xx) are answers, not hiccups: only network trouble and 5xx are retried. */
function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (!isApiError(error)) return;
    // A call refused because the session is on no profile (deleted elsewhere): the profiles are read again, and the
    // pages' guard (RequireProfileChoice) then shows "Who's watching?".
    if (error.code === PROFILE_REQUIRED) void client.invalidateQueries({ queryKey: profileKeys.all });
    // An admin call refused until the admin has a second factor (the policy was turned on while the admin area was
    // open): the whole page goes to the setup screen, as the admin area's guard would have sent it.
    if (error.code === SECOND_FACTOR_SETUP_REQUIRED && window.location.pathname !== SECURITY_PAGE)
      window.location.assign(`${SECURITY_PAGE}?required=1`);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * The page's one query cache: the app's provider hands it to the pages, and route loaders (app/routing) start a
 * page's first call with it while the page's own chunk is still loading.
 */
export const queryClient = createQueryClient();
