import { Outlet } from 'react-router';
import { useLanguage } from '../../shared/i18n/language-context';
import { LoadingState } from '../../shared/ui/loading-state';
import { ViewerFooter } from './viewer-footer';
import { ViewerHeader } from './viewer-header';

/** The viewer shell. Pages show once the language record has arrived (or English, if it could not). */
export function ViewerLayout() {
  const { status, t } = useLanguage();
  if (status === 'loading') return <LoadingState label={t('loading')} fullScreen />;
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-text">
      <ViewerHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <ViewerFooter />
    </div>
  );
}
