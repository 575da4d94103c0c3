import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useReplacePrerenderedPage } from '../../shared/hooks/prerendered-page';
import { useT } from '../../shared/i18n/language-context';
import { Button } from '../../shared/ui/button';
import { buttonClasses } from '../../shared/ui/button-classes';
import { isChunkLoadError } from './chunk-error';
import { MessagePage } from './message-page';

/** What a route shows when it fails: a friendly message and a way on, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const reload = () => window.location.reload();
  useReplacePrerenderedPage();

  if (isChunkLoadError(error)) {
    return (
      <MessagePage title={t('new_version_available')}>
        <Button onClick={reload}>{t('reload')}</Button>
      </MessagePage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <MessagePage title={t('page_not_found')} code="404">
        <Link to="/" className={buttonClasses()}>
          {t('back_home')}
        </Link>
      </MessagePage>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <MessagePage title={t('something_went_wrong')}>
      <Button onClick={reload}>{t('try_again')}</Button>
      <Link to="/" className={buttonClasses('secondary')}>
        {t('back_home')}
      </Link>
    </MessagePage>
  );
}
