import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useT } from '../../shared/i18n/language-context';
import { buttonClasses } from '../../shared/ui/button-classes';
import { MessagePage } from './message-page';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('page_not_found'));
  return (
    <MessagePage title={t('page_not_found')} code="404">
      <Link to="/" className={buttonClasses()}>
        {t('back_home')}
      </Link>
    </MessagePage>
  );
}
