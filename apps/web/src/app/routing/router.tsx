import { createBrowserRouter, type DataRouter, Navigate } from 'react-router';
import { RouteError } from '../errors/route-error';
import { PageLoading } from '../layouts/page-loading';
import { RootLayout } from '../layouts/root-layout';
import { ViewerLayout } from '../layouts/viewer-layout';
import { adminRoutes } from './admin-routes';
import { lazyPage } from './lazy-page';
import { RequireAdmin } from './require-admin';
import { RequireProfileChoice } from './require-profile-choice';
import { viewerRoutes } from './viewer-routes';

/**
 * Every route of the spec; each page is a lazy chunk. Matching is case-insensitive (React Router's default). Made
 * when the app starts, not when its module loads: the router's first match (the page's chunk, its loader's calls)
 * then runs in a task of its own (start.tsx).
 */
export const createAppRouter = (): DataRouter =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          element: <ViewerLayout />,
          children: [
            {
              errorElement: <RouteError />,
              children: [
                ...viewerRoutes,
                { path: 'test', element: <Navigate to="/home" replace /> },
                {
                  path: '*',
                  lazy: lazyPage(
                    () => import('../errors/not-found-page'),
                    (m) => m.NotFoundPage,
                  ),
                },
              ],
            },
          ],
        },
        {
          // The admin shell is a chunk of its own: a viewer's first page does not load it (bench/README.md).
          lazy: async () => {
            const { AdminLayout } = await import('../layouts/admin-layout');
            return {
              Component: function AdminShell() {
                return (
                  <RequireAdmin>
                    <RequireProfileChoice>
                      <AdminLayout />
                    </RequireProfileChoice>
                  </RequireAdmin>
                );
              },
            };
          },
          children: [{ errorElement: <RouteError />, children: adminRoutes }],
        },
      ],
    },
  ]);
