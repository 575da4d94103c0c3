import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';

/**
 * Where sign-up stops once the code shows the number already has an account: no form to fill in vain, the ways
 * in instead (Sign In, or a new password), both carrying the number.
 */
export function AccountExistsCard({ phone }: { phone: string }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the viewer was on is gone: their screen reader starts again from this heading.
  useEffect(() => heading.current?.focus(), []);
  const withPhone = (path: string) => `${path}?phone=${encodeURIComponent(phone)}`;
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <section
        aria-labelledby="account-exists-title"
        data-testid="account-exists"
        className="flex w-full max-w-md flex-col gap-5 rounded-card border border-border bg-surface p-6 shadow-card sm:p-10"
      >
        <h1 id="account-exists-title" ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
          {t('account_exists')}
        </h1>
        <p className="text-muted">
          {t('account_exists_text')}{' '}
          <bdi dir="ltr" className="font-semibold text-text">
            {phone}
          </bdi>
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={withPhone('/signin')} className={buttonClasses('primary', 'lg')}>
            {t('sign_in')}
          </Link>
          <Link to={withPhone('/forgotpassword')} className={buttonClasses('secondary', 'lg')}>
            {t('forgot_your_password')}
          </Link>
        </div>
      </section>
    </div>
  );
}
