import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../errors/route-error';
import { AdminLayout } from '../layouts/admin-layout';
import { PageLoading } from '../layouts/page-loading';
import { RootLayout } from '../layouts/root-layout';
import { ViewerLayout } from '../layouts/viewer-layout';
import { adminRoutes } from './admin-routes';
import { lazyPage } from './lazy-page';
import { RequireAdmin } from './require-admin';
import { viewerRoutes } from './viewer-routes';

/** Every route of the spec; each page is a lazy chunk. Matching is case-insensitive (React Router's default). */
export const router = createBrowserRouter([
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
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: [{ errorElement: <RouteError />, children: adminRoutes }],
      },
    ],
  },
]);
