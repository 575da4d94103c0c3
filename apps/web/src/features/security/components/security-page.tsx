import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { SECURITY_PAGE, securityStatusQuery } from '../../../shared/api/security';
import { roleQuery } from '../../../shared/api/session';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { LoadingState } from '../../../shared/ui/loading-state';
import { PasskeysSection } from './passkeys-section';
import { PolicySection } from './policy-section';
import { FreshRecoveryCodes, RecoveryCodesSection } from './recovery-codes';
import { TotpSection } from './totp-section';

const SIGN_IN = `/signin?next=${encodeURIComponent(SECURITY_PAGE)}`;

/**
 * Sign-in security (/userprofile/security), an admin's: the authenticator app, passkeys, recovery codes and the
 * policy that may require a second factor of every admin. The admin area sends an admin here while the policy
 * requires a factor they do not have.
 */
export function SecurityPage() {
  const t = useT();
  useDocumentTitle(t('sign_in_security'));
  const [params] = useSearchParams();
  const role = useQuery(roleQuery());
  const status = useQuery({ ...securityStatusQuery(), enabled: role.data === 'admin' });
  const [codes, setCodes] = useState<string[] | undefined>(undefined);

  if (role.isPending || (role.data === 'admin' && status.isPending))
    return <LoadingState label={t('loading')} />;
  if (role.data === null) return <Navigate to={SIGN_IN} replace />;
  if (role.data !== 'admin' || !status.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p>{role.data !== 'admin' ? t('no_access') : t('something_went_wrong')}</p>
      </div>
    );
  }
  const data = status.data;
  const cameForSetup = params.get('required') === '1';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('sign_in_security')}</h1>
        <p className="text-muted">{t('second_factor_intro')}</p>
      </div>
      {data.setup_required ? <Alert tone="info">{t('second_factor_required_notice')}</Alert> : null}
      {codes ? <FreshRecoveryCodes codes={codes} onDone={() => setCodes(undefined)} /> : null}
      {cameForSetup && !data.setup_required && !codes ? (
        <div>
          <Link to="/dashboard" className={buttonClasses('primary')}>
            {t('open_admin_area')}
          </Link>
        </div>
      ) : null}
      <TotpSection status={data} onCodes={setCodes} />
      <PasskeysSection status={data} onCodes={setCodes} />
      <RecoveryCodesSection status={data} onCodes={setCodes} />
      <PolicySection status={data} />
    </div>
  );
}
