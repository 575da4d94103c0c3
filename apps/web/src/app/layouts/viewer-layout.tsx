import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { useLanguage } from '../../shared/i18n/language-context';
import { LoadingState } from '../../shared/ui/loading-state';
import { RequireProfileChoice } from '../routing/require-profile-choice';
import { ViewerFooter } from './viewer-footer';
import { ViewerHeader } from './viewer-header';

// The popup player (and hls.js behind it) loads only when a title is opened.
const PopupHost = lazy(() =>
  import('../../features/player/components/popup-host').then((m) => ({ default: m.PopupHost })),
);

/** The viewer shell. Pages show once the language record has arrived (or English, if it could not). */
export function ViewerLayout() {
  const { status, t } = useLanguage();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // The full-page player is a place of its own: no header or footer around it.
  const player = /^\/player\/?$/i.test(pathname);
  // `?title=<id>` opens the popup player over any viewer page (not /player, where it names what plays).
  const popupTitle = player ? 0 : Number(params.get('title')) || 0;
  if (status === 'loading') return <LoadingState label={t('loading')} fullScreen />;
  return (
    <ViewerFrame
      header={popupTitle || player ? null : <ViewerHeader />}
      footer={
        popupTitle ? (
          <Suspense fallback={null}>
            <PopupHost movieId={popupTitle} />
          </Suspense>
        ) : player ? null : (
          <ViewerFooter />
        )
      }
    >
      <RequireProfileChoice>
        <Outlet />
      </RequireProfileChoice>
    </ViewerFrame>
  );
}

/** The page frame around a viewer page; also the first paints of the landing page and /home (app/prerender/page-shells.tsx). */
export function ViewerFrame({
  header,
  footer,
  children,
}: {
  header: ReactNode;
  /** After the main area: the footer, or the popup player that replaces header and footer. */
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-text">
      {header}
      <main id="main" className="flex-1">
        {children}
      </main>
      {footer}
    </div>
  );
}
