import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

export const adminRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('../../features/admin/dashboard/components/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'activities',
    lazy: lazyPage(
      () => import('../../features/admin/activities/components/activities-page'),
      (m) => m.ActivitiesPage,
    ),
  },
  {
    path: 'addmovies',
    lazy: lazyPage(
      () => import('../../features/admin/movies/components/movies-list-page'),
      (m) => m.MoviesListPage,
    ),
  },
  {
    path: 'editmovies',
    lazy: lazyPage(
      () => import('../../features/admin/movies/components/edit-movie-page'),
      (m) => m.EditMoviePage,
    ),
  },
  {
    path: 'user',
    lazy: lazyPage(
      () => import('../../features/admin/users/components/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: 'adduser',
    lazy: lazyPage(
      () => import('../../features/admin/users/components/add-user-page'),
      (m) => m.AddUserPage,
    ),
  },
  {
    path: 'viewuser',
    lazy: lazyPage(
      () => import('../../features/admin/users/components/view-user-page'),
      (m) => m.ViewUserPage,
    ),
  },
  {
    path: 'post',
    lazy: lazyPage(
      () => import('../../features/admin/posts/components/posts-page'),
      (m) => m.PostsPage,
    ),
  },
  {
    path: 'legalpages',
    lazy: lazyPage(
      () => import('../../features/admin/legal/components/legal-pages-page'),
      (m) => m.LegalPagesPage,
    ),
  },
  {
    path: 'subscription',
    lazy: lazyPage(
      () => import('../../features/admin/subscriptions/components/subscriptions-page'),
      (m) => m.SubscriptionsPage,
    ),
  },
  {
    path: 'notification',
    lazy: lazyPage(
      () => import('../../features/admin/notifications/components/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: 'backups',
    lazy: lazyPage(
      () => import('../../features/admin/backups/components/backups-page'),
      (m) => m.BackupsPage,
    ),
  },
  {
    path: 'genres',
    lazy: lazyPage(
      () => import('../../features/admin/genres/components/genres-page'),
      (m) => m.GenresPage,
    ),
  },
  {
    path: 'language',
    lazy: lazyPage(
      () => import('../../features/admin/languages/components/language-list-page'),
      (m) => m.LanguageListPage,
    ),
  },
  {
    path: 'addlanguage',
    lazy: lazyPage(
      () => import('../../features/admin/languages/components/add-language-page'),
      (m) => m.AddLanguagePage,
    ),
  },
  {
    path: 'editlanguage',
    lazy: lazyPage(
      () => import('../../features/admin/languages/components/edit-language-page'),
      (m) => m.EditLanguagePage,
    ),
  },
];
