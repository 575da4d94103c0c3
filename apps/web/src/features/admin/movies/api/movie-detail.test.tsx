// @vitest-environment happy-dom
import type { Movie } from '@salomtv/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { rowsQuery } from '../../../../shared/api/catalog';
import { fakeServer } from '../../../../shared/testing/render-in-app';
import { useStoreMovie } from './movie-detail';

describe("an admin's change to a title", () => {
  it('is on /home at once: the rows this page holds are asked again (its route starts them as it opens)', async () => {
    let published = false;
    const calls = fakeServer(({ path }) =>
      path === '/api/catalog/rows'
        ? { body: { rows: published ? [{ id: 'new', items: [{ movie_id: 7, title: 'Fresh' }] }] : [] } }
        : { status: 404 },
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The admin looked at /home a moment ago.
    await queryClient.prefetchQuery(rowsQuery({}, 'En'));
    const { result } = renderHook(() => useStoreMovie(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    published = true;
    result.current({ movie_id: 7, title: 'Fresh', status: 'published' } as Movie);
    // Back on /home: its route loader starts the rows.
    await queryClient.prefetchQuery(rowsQuery({}, 'En'));
    expect(calls.filter((call) => call.path === '/api/catalog/rows')).toHaveLength(2);
    expect(JSON.stringify(queryClient.getQueryData(rowsQuery({}, 'En').queryKey))).toContain('Fresh');
  });
});
