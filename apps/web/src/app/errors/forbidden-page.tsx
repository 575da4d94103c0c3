import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useT } from '../../shared/i18n/language-context';
import { buttonClasses } from '../../shared/ui/button-classes';
import { MessagePage } from './message-page';

/** A signed-in account without the admin role asked for an admin screen. */
export function ForbiddenPage({ signInPath }: { signInPath: string }) {
  const t = useT();
  useDocumentTitle(t('no_access'));
  return (
    <main className="min-h-dvh bg-bg">
      <MessagePage title={t('no_access')} code="403">
        <Link to="/home" className={buttonClasses()}>
          {t('back_home')}
        </Link>
        <Link to={signInPath} className={buttonClasses('secondary')}>
          {t('sign_in')}
        </Link>
      </MessagePage>
    </main>
  );
}
