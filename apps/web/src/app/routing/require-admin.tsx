import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SECURITY_PAGE, securityStatusQuery } from '../../shared/api/security';
import { roleQuery } from '../../shared/api/session';
import { useT } from '../../shared/i18n/language-context';
import { Button } from '../../shared/ui/button';
import { LoadingState } from '../../shared/ui/loading-state';
import { ForbiddenPage } from '../errors/forbidden-page';
import { MessagePage } from '../errors/message-page';

/**
 * Admin screens deny by default: signed out goes to sign-in (and back), a viewer account gets 403, and an admin
 * whom the policy requires a second factor of, without one, goes to set it up (the server refuses their admin
 * calls until then).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const role = useQuery(roleQuery());
  const security = useQuery({ ...securityStatusQuery(), enabled: role.data === 'admin' });
  const here = `${location.pathname}${location.search}`;
  const signInPath = `/signin?next=${encodeURIComponent(here)}`;

  if (role.isPending) return <LoadingState label={t('loading')} fullScreen />;
  if (role.isError) {
    return (
      <MessagePage title={t('something_went_wrong')}>
        <Button onClick={() => void role.refetch()}>{t('try_again')}</Button>
      </MessagePage>
    );
  }
  if (role.data === null) return <Navigate to={signInPath} replace />;
  if (role.data !== 'admin') return <ForbiddenPage signInPath={signInPath} />;
  if (security.isPending) return <LoadingState label={t('loading')} fullScreen />;
  if (security.data?.setup_required) return <Navigate to={`${SECURITY_PAGE}?required=1`} replace />;
  return children;
}
