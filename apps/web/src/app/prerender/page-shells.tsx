import {
  type HeroTexts,
  PAINTED_SECTIONS,
  type PageShells,
  PRERENDERED_PAGE_ID,
  type TitleCard,
  type TranslationKey,
} from '@salomtv/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SignInPage } from '../../features/auth/components/sign-in-page';
import { Carousel } from '../../features/browse/components/carousel';
import { ROW_SECTION, RowHeading } from '../../features/browse/components/catalog-row';
import { HeroSlideView, StatsSlideView } from '../../features/browse/components/hero-slides';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { PricingPlanPage } from '../../features/pricing/components/pricing-plan-page';
import { sessionKeys } from '../../shared/api/session';
import { LanguageContext, type LanguageContextValue } from '../../shared/i18n/language-context';
import { ToastProvider } from '../../shared/ui/toast-provider';
import { ViewerHeader } from '../layouts/viewer-header';
import { ViewerFrame } from '../layouts/viewer-layout';

// The build writes the shells under this name (vite.config.ts).
export { PAGE_SHELLS_FILE } from '@salomtv/contract';

const noop = () => {};
const language: LanguageContextValue = {
  keyword: '{{@keyword}}',
  title: '{{@language_title}}',
  flag: null,
  dir: 'ltr',
  status: 'ready',
  switching: false,
  t: (key: TranslationKey) => `{{${key}}}`,
  plural: () => {
    throw new Error('The server paints no text that says a number');
  },
  choose: noop,
  retry: noop,
};

const heroTexts: HeroTexts = {
  title: '{{#title}}',
  age_rating: '{{#age_rating}}',
  runtime: '{{#runtime}}',
  year: '{{#year}}',
  genres: '{{#genres}}',
  summary: '{{#summary}}',
};

/** A card that only carries what the carousel reads: its name and, for `image`, a picture made of marks. */
function heroCard(image: boolean): TitleCard {
  const picture = {
    url: '{{#image_url}}',
    srcset: '{{#image_srcset}}',
    // Marks in numeric attributes: React writes them as they are.
    width: '{{#image_width}}' as unknown as number,
    height: '{{#image_height}}' as unknown as number,
  };
  return { movie_id: 1, title: '{{#title}}', banner: image ? picture : null, thumbnail: null } as TitleCard;
}

/** One page of the app as static markup, signed in or out, inside the element the app removes. */
function renderPage(path: string, signedIn: boolean, page: ReactNode): string {
  const queries = new QueryClient();
  // The header shows the profile menu instead of Sign In when the role query holds a role.
  queries.setQueryData(sessionKeys.role, signedIn ? 'viewer' : null);
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queries}>
        <LanguageContext.Provider value={language}>
          <ToastProvider>
            <ViewerFrame header={<ViewerHeader />} footer={null}>
              {page}
            </ViewerFrame>
          </ToastProvider>
        </LanguageContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return `<div id="${PRERENDERED_PAGE_ID}" data-path="${path}">${markup}</div>`;
}

/**
 * `/home`'s hero carousel with the featured title's slide (features/browse/components/browse-page.tsx), without
 * its test id: tests find the app's carousel, not this stand-in.
 */
function homeHero(image: boolean): ReactNode {
  return (
    <div className="pb-10">
      <Carousel
        label="{{featured_movies_to_watch_now}}"
        slides={[heroCard(image)]}
        // The trailer button is left out: the featured title may have none, and the app adds it when it takes over.
        render={() => <HeroSlideView texts={heroTexts} hasTrailer={false} />}
      />
    </div>
  );
}

/**
 * A browse section's carousel with its first title's slide and the heading of the row under it, in the page's frame
 * (browse-page.tsx), no test ids.
 */
function sectionHero(title: TranslationKey, image: boolean): ReactNode {
  return (
    <div className="min-h-dvh pb-10">
      <h1 className="sr-only">{`{{${title}}}`}</h1>
      <Carousel
        label={`{{${title}}}`}
        slides={[heroCard(image)]}
        render={() => <StatsSlideView title="{{#title}}" views="{{#views}}" />}
      />
      <section className={ROW_SECTION}>
        <RowHeading heading="{{#row_heading}}" />
      </section>
    </div>
  );
}

/** Pages that start without data: the app's first render of them, as it is before any answer arrives. */
const staticPages: Record<string, () => ReactNode> = {
  '/signin': () => <SignInPage />,
  '/pricingplan': () => <PricingPlanPage />,
};

/**
 * The first paints of the landing page (a signed-out visitor's `/`), of `/home`, of the browse sections and of
 * the pages that start without data, rendered at build time (vite.config.ts) from the same components the app
 * renders. The server fills their marks on each visit (server plugins/web-app.ts), so these pages show their
 * heading before any script has run.
 */
export function renderPageShells(): PageShells {
  const home = (signedIn: boolean) => ({
    image: renderPage('/home', signedIn, homeHero(true)),
    plain: renderPage('/home', signedIn, homeHero(false)),
  });
  return {
    landing: renderPage('/', false, <LandingHero />),
    home: { signedIn: home(true), signedOut: home(false) },
    sections: Object.fromEntries(
      Object.entries(PAINTED_SECTIONS).map(([path, { title }]) => {
        const account = (signedIn: boolean) => ({
          image: renderPage(path, signedIn, sectionHero(title, true)),
          plain: renderPage(path, signedIn, sectionHero(title, false)),
        });
        return [path, { signedIn: account(true), signedOut: account(false) }];
      }),
    ) as PageShells['sections'],
    pages: Object.fromEntries(
      Object.entries(staticPages).map(([path, page]) => [
        path,
        { signedIn: renderPage(path, true, page()), signedOut: renderPage(path, false, page()) },
      ]),
    ),
  };
}
