import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { currentProfileOf, useProfiles } from '../../../shared/api/profiles';
import { SECURITY_PAGE } from '../../../shared/api/security';
import { roleQuery } from '../../../shared/api/session';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import { Button } from '../../../shared/ui/button';
import { KidsProfileNotice } from '../../../shared/ui/kids-profile-notice';
import { LoadingState } from '../../../shared/ui/loading-state';
import { profileQuery } from '../api/profile';
import { BillingSection } from './billing-section';
import { DobRow } from './dob-row';
import { EmailRow } from './email-row';
import { LanguageRow } from './language-row';
import { PasswordRow } from './password-row';
import { PhoneRow } from './phone-row';
import { ProfileCard } from './profile-card';
import { SessionsSection } from './sessions-section';

const SIGN_IN = `/signin?next=${encodeURIComponent('/userprofile')}`;

/** Account Setting (/userprofile, spec viewer 11): profile, personal details (each row its own toggle), billing. */
export function AccountPage() {
  const t = useT();
  useDocumentTitle(t('account_setting'));
  const role = useQuery(roleQuery());
  const profile = useQuery({ ...profileQuery(), enabled: Boolean(role.data) });
  const [editing, setEditing] = useState(false);
  // The account is the account holder's business, not a kids profile's: known before the page shows.
  const current = useProfiles(currentProfileOf);
  const kids = current.data?.kids ?? false;

  if (role.isPending || (role.data && (profile.isPending || current.isLoading)))
    return <LoadingState label={t('loading')} />;
  if (role.data === null || (isApiError(profile.error) && profile.error.status === 401)) {
    return <Navigate to={SIGN_IN} replace />;
  }
  if (!profile.data) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center">
        <p>{t('something_went_wrong')}</p>
        <Button onClick={() => void (role.isError ? role.refetch() : profile.refetch())}>
          {t('try_again')}
        </Button>
      </div>
    );
  }

  // A kids profile chooses its own display language; the rest is the account holder's (the server refuses it too).
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('account_setting')}</h1>
        {kids ? null : (
          <Button
            variant={editing ? 'primary' : 'secondary'}
            aria-pressed={editing}
            onClick={() => setEditing(!editing)}
          >
            {t('edit')}
          </Button>
        )}
      </div>
      {kids ? (
        <KidsProfileNotice />
      ) : (
        <ProfileCard profile={profile.data} editing={editing} onDone={() => setEditing(false)} />
      )}
      <section
        aria-labelledby="personal-title"
        className="rounded-card border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="personal-title" className="mb-1 text-lg font-semibold">
          {t('personal_details')}
        </h2>
        {kids ? null : (
          <>
            <EmailRow profile={profile.data} />
            <PasswordRow profile={profile.data} />
            <PhoneRow profile={profile.data} />
            <DobRow profile={profile.data} />
          </>
        )}
        <LanguageRow profile={profile.data} />
      </section>
      {kids ? null : <BillingSection profile={profile.data} />}
      {role.data === 'admin' && !kids ? (
        <Link
          to={SECURITY_PAGE}
          className="self-start font-semibold underline underline-offset-4"
          data-testid="security-link"
        >
          {t('sign_in_security')}
        </Link>
      ) : null}
      {kids ? null : <SessionsSection />}
    </div>
  );
}
