import type { RouteObject } from 'react-router';
import { browseFilters, type CatalogFilters, listQuery, rowsQuery } from '../../shared/api/catalog';
import { libraryStateQuery } from '../../shared/api/library';
import { hasSessionHint } from '../../shared/api/session';
import { readStoredLanguage } from '../../shared/i18n/language-storage';
import { queryClient } from '../query-client';
import { lazyPage } from './lazy-page';

// Loaders start a page's first calls beside its chunk, instead of after the page renders; the app's first render
// waits for them (first-data.ts).

/** The language the pages will ask the catalogue's texts in (the language provider starts with the same choice). */
const storedKeyword = () => readStoredLanguage().keyword;

/** A browse page's rows, and a signed-in viewer's lists (the cards' heart and plus). */
const prefetchRows = (filters: CatalogFilters) => () => {
  void queryClient.prefetchQuery(rowsQuery(filters, storedKeyword()));
  if (hasSessionHint()) void queryClient.prefetchQuery(libraryStateQuery());
  return null;
};

/** A page module that names the calls it starts with; loading it again is free (the route's `lazy` loads it). */
type StartsCalls = { startFirstCalls: (client: typeof queryClient) => void };
const startFirstCalls = async (load: () => Promise<StartsCalls>) => {
  (await load()).startFirstCalls(queryClient);
  return null;
};

const landingPage = () => import('../../features/landing/components/landing-page');
const homePage = () => import('../../features/browse/components/home-page');
const pricingPage = () => import('../../features/pricing/components/pricing-plan-page');

export const viewerRoutes: RouteObject[] = [
  {
    index: true,
    // A signed-out visitor's landing page: its rails and the latest posts (a signed-in one goes to /home).
    loader: () => {
      if (hasSessionHint()) return null;
      void queryClient.prefetchQuery(rowsQuery({}, storedKeyword()));
      return startFirstCalls(landingPage);
    },
    lazy: lazyPage(landingPage, (m) => m.LandingPage),
  },
  {
    path: 'signin',
    lazy: lazyPage(
      () => import('../../features/auth/components/sign-in-page'),
      (m) => m.SignInPage,
    ),
  },
  {
    path: 'signin/second-factor',
    lazy: lazyPage(
      () => import('../../features/auth/components/second-step-page'),
      (m) => m.SecondStepPage,
    ),
  },
  {
    path: 'signup',
    lazy: lazyPage(
      () => import('../../features/auth/components/sign-up-page'),
      (m) => m.SignUpPage,
    ),
  },
  {
    path: 'signupotp',
    lazy: lazyPage(
      () => import('../../features/auth/components/sign-up-otp-page'),
      (m) => m.SignUpOtpPage,
    ),
  },
  {
    path: 'signupotpverify',
    lazy: lazyPage(
      () => import('../../features/auth/components/sign-up-otp-verify-page'),
      (m) => m.SignUpOtpVerifyPage,
    ),
  },
  {
    path: 'forgotpassword',
    lazy: lazyPage(
      () => import('../../features/auth/components/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: 'home',
    // The rows call starts beside the page's chunk instead of after it renders (bench/README.md, home LCP); a
    // signed-in viewer's page shows their favourites and what they are watching too.
    loader: () => {
      prefetchRows({})();
      return startFirstCalls(homePage);
    },
    lazy: lazyPage(homePage, (m) => m.HomePage),
  },
  {
    path: 'movies',
    loader: prefetchRows(browseFilters.movies),
    lazy: lazyPage(
      () => import('../../features/browse/components/movies-page'),
      (m) => m.MoviesPage,
    ),
  },
  {
    path: 'serials',
    loader: prefetchRows(browseFilters.series),
    lazy: lazyPage(
      () => import('../../features/browse/components/serials-page'),
      (m) => m.SerialsPage,
    ),
  },
  {
    path: 'tvshow',
    loader: () => {
      void queryClient.prefetchQuery(listQuery(browseFilters.americanShows, storedKeyword()));
      return prefetchRows(browseFilters.series)();
    },
    lazy: lazyPage(
      () => import('../../features/browse/components/tv-show-page'),
      (m) => m.TvShowPage,
    ),
  },
  {
    path: 'watchlist',
    lazy: lazyPage(
      () => import('../../features/browse/components/watch-list-page'),
      (m) => m.WatchListPage,
    ),
  },
  {
    path: 'kidsection',
    loader: prefetchRows(browseFilters.kids),
    lazy: lazyPage(
      () => import('../../features/browse/components/kids-section-page'),
      (m) => m.KidsSectionPage,
    ),
  },
  {
    path: 'browse',
    lazy: lazyPage(
      () => import('../../features/browse/components/browse-grid-page'),
      (m) => m.BrowseGridPage,
    ),
  },
  {
    path: 'search',
    lazy: lazyPage(
      () => import('../../features/browse/components/search-page'),
      (m) => m.SearchPage,
    ),
  },
  {
    path: 'popup',
    lazy: lazyPage(
      () => import('../../features/player/components/popup-page'),
      (m) => m.PopupPage,
    ),
  },
  {
    path: 'player',
    lazy: lazyPage(
      () => import('../../features/player/components/player-page'),
      (m) => m.PlayerPage,
    ),
  },
  {
    path: 'pricingplan',
    loader: () => startFirstCalls(pricingPage),
    lazy: lazyPage(pricingPage, (m) => m.PricingPlanPage),
  },
  {
    path: 'checkout/return',
    lazy: lazyPage(
      () => import('../../features/checkout/components/checkout-return-page'),
      (m) => m.CheckoutReturnPage,
    ),
  },
  {
    path: 'checkout/demo',
    lazy: lazyPage(
      () => import('../../features/checkout/components/demo-checkout-page'),
      (m) => m.DemoCheckoutPage,
    ),
  },
  {
    path: 'news',
    lazy: lazyPage(
      () => import('../../features/news/components/news-page'),
      (m) => m.NewsPage,
    ),
  },
  {
    path: 'news/:postId',
    lazy: lazyPage(
      () => import('../../features/news/components/news-post-page'),
      (m) => m.NewsPostPage,
    ),
  },
  {
    path: 'terms',
    lazy: lazyPage(
      () => import('../../features/legal/components/legal-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'privacy',
    lazy: lazyPage(
      () => import('../../features/legal/components/legal-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: 'help',
    lazy: lazyPage(
      () => import('../../features/help/components/help-page'),
      (m) => m.HelpPage,
    ),
  },
  {
    path: 'userprofile',
    lazy: lazyPage(
      () => import('../../features/account/components/account-page'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: 'userprofile/security',
    lazy: lazyPage(
      () => import('../../features/security/components/security-page'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: 'profiles',
    lazy: lazyPage(
      () => import('../../features/profiles/components/who-is-watching-page'),
      (m) => m.WhoIsWatchingPage,
    ),
  },
  {
    path: 'profiles/manage',
    lazy: lazyPage(
      () => import('../../features/profiles/components/manage-profiles-page'),
      (m) => m.ManageProfilesPage,
    ),
  },
  {
    path: 'userprofile/payment',
    lazy: lazyPage(
      () => import('../../features/checkout/components/payment-method-page'),
      (m) => m.PaymentMethodPage,
    ),
  },
];
