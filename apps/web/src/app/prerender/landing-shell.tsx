import type { TranslationKey } from '@salomtv/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { LanguageContext, type LanguageContextValue } from '../../shared/i18n/language-context';
import { PRERENDERED_LANDING_ID } from '../../shared/prerender/prerendered-landing';
import { ViewerHeader } from '../layouts/viewer-header';
import { ViewerFrame } from '../layouts/viewer-layout';

/**
 * The landing page's first paint, rendered at build time (vite.config.ts) from the same components the app
 * renders: the header of a signed-out visitor and the hero. Texts are `{{key}}` marks and the language's title
 * `{{@language_title}}`: the server fills them in the visitor's language on each visit to `/` (server
 * plugins/web-app.ts), so the page shows its heading before any script has run.
 */
export function renderLandingShell(): string {
  const noop = () => {};
  const language: LanguageContextValue = {
    keyword: '{{@keyword}}',
    title: '{{@language_title}}',
    flag: null,
    dir: 'ltr',
    status: 'ready',
    switching: false,
    t: (key: TranslationKey) => `{{${key}}}`,
    choose: noop,
    retry: noop,
  };
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={new QueryClient()}>
        <LanguageContext.Provider value={language}>
          <ViewerFrame header={<ViewerHeader />} footer={null}>
            <LandingHero />
          </ViewerFrame>
        </LanguageContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return `<div id="${PRERENDERED_LANDING_ID}">${markup}</div>`;
}
