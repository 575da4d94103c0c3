import { SECOND_FACTOR_SETUP_REQUIRED } from '@salomtv/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';
import { SECURITY_PAGE } from '../shared/api/security';

/**
 * An admin call refused until the admin has a second factor (the policy was turned on while the admin area was
 * open): the whole page goes to the setup screen, as the admin area's guard would have sent it.
 */
function sendToSecondFactorSetup(error: unknown): void {
  if (!isApiError(error) || error.code !== SECOND_FACTOR_SETUP_REQUIRED) return;
  if (window.location.pathname !== SECURITY_PAGE) window.location.assign(`${SECURITY_PAGE}?required=1`);
}

/** Client errors (4xx) are answers, not hiccups: only network trouble and 5xx are retried. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: sendToSecondFactorSetup }),
    mutationCache: new MutationCache({ onError: sendToSecondFactorSetup }),
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
}

/**
 * The page's one query cache: the app's provider hands it to the pages, and route loaders (app/routing) start a
 * page's first call with it while the page's own chunk is still loading.
 */
export const queryClient = createQueryClient();
