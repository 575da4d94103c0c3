import { Link } from 'react-router';
import { useT } from '../i18n/language-context';
import { Alert } from './alert';
import { buttonClasses } from './button-classes';

/** What a kids profile sees in place of the account holder's settings, plan and payments: why, and the way out. */
export function KidsProfileNotice() {
  const t = useT();
  return (
    <Alert tone="info">
      <p data-testid="kids-account-notice">{t('kids_account_notice')}</p>
      <Link to="/profiles" className={buttonClasses('secondary', 'md', 'mt-3')}>
        {t('switch_profile')}
      </Link>
    </Alert>
  );
}
