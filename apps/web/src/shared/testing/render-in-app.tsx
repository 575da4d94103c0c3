import { CSRF_COOKIE } from '@salomtv/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { LanguageContext, type LanguageContextValue } from '../i18n/language-context';
import { createTranslate, createTranslatePlural } from '../i18n/translate';
import { ToastProvider } from '../ui/toast-provider';

// Component tests only: the providers every screen finds around it in the app, with English texts.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The language context of a viewer reading English (the catalogue's own texts). */
export function englishLanguage(overrides: Partial<LanguageContextValue> = {}): LanguageContextValue {
  return {
    keyword: 'En',
    title: 'English',
    flag: null,
    dir: 'ltr',
    status: 'ready',
    switching: false,
    t: createTranslate(undefined),
    plural: createTranslatePlural(undefined),
    choose: () => undefined,
    retry: () => undefined,
    ...overrides,
  };
}

/** Renders a screen inside a query client, a router at `path`, the language context and the toasts. */
export function renderInApp(
  ui: ReactElement,
  options: { path?: string; language?: Partial<LanguageContextValue>; queryClient?: QueryClient } = {},
) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <LanguageContext.Provider value={englishLanguage(options.language)}>
          <ToastProvider>{ui}</ToastProvider>
        </LanguageContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export interface FakeRequest {
  method: string;
  path: string;
  /** The address's query parameters. */
  query: Record<string, string>;
  body: unknown;
}

/**
 * Answers the app's API calls from `answer` instead of the network (with a CSRF cookie in place, as the server's
 * page sets one); returns the calls made.
 */
export function fakeServer(
  answer: (call: FakeRequest) => { status?: number; body?: unknown },
): FakeRequest[] {
  const calls: FakeRequest[] = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the app reads its CSRF token from, as the server sets it
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : init.body,
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
