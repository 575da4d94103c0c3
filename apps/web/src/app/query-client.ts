import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';

/** Client errors (4xx) are answers, not hiccups: only network trouble and 5xx are retried. */
function createQueryClient(): QueryClient {
  return new QueryClient({
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
