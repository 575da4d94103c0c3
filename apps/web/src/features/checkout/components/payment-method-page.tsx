import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { subscriptionQuery } from '../../../shared/api/billing';
import { currentProfileOf, useProfiles } from '../../../shared/api/profiles';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { KidsProfileNotice } from '../../../shared/ui/kids-profile-notice';
import { LoadingState } from '../../../shared/ui/loading-state';
import { useToast } from '../../../shared/ui/toast-context';
import { useSaveDemoCard } from '../api/checkout-api';
import { ClickCardForm } from './click-card-form';
import { DemoCardForm, DemoModeNotice, useDemoCardForm } from './demo-card-form';

/**
 * Update Payment info (/userprofile/payment): with the demo provider, saves another test card (a past-due renewal
 * is charged again at once, so a good card makes the subscription active again); for a plan paid through Click, a
 * card Click keeps for its renewals.
 */
export function PaymentMethodPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('update_payment_info'));
  const navigate = useNavigate();
  const toast = useToast();
  const subscription = useQuery(subscriptionQuery());
  const save = useSaveDemoCard();
  const form = useDemoCardForm();
  // The account's payments are the account holder's: a kids profile is told so (the server refuses it too).
  const current = useProfiles(currentProfileOf);

  if (isApiError(subscription.error) && subscription.error.status === 401) {
    return <Navigate to={`/signin?next=${encodeURIComponent('/userprofile/payment')}`} replace />;
  }
  if (subscription.isPending || current.isLoading) return <LoadingState label={t('loading')} />;
  if (current.data?.kids) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold">{t('update_payment_info')}</h1>
        <KidsProfileNotice />
      </div>
    );
  }
  const sub = subscription.data;

  const submit = form.submit((card) =>
    save.mutate(card, {
      onSuccess: (reply) => {
        if (reply.status === 'past_due') {
          form.declined();
          return;
        }
        toast.show(t('payment_info_saved'));
        void navigate('/userprofile');
      },
      onError: form.showError,
    }),
  );

  const graceEnds = formatDate(sub?.grace_until, htmlLangOf(keyword));
  const pastDue =
    sub?.status === 'past_due' && graceEnds ? (
      <Alert tone="info">{t('payment_past_due_notice').replace('{date}', graceEnds)}</Alert>
    ) : null;
  const method = sub?.payment_method_summary ? (
    <p className="text-muted" data-testid="payment-method">
      {t('payment_method')}: <span className="text-text">{sub.payment_method_summary}</span>
    </p>
  ) : null;
  if (sub?.provider === 'click') {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold">{t('click_card_title')}</h1>
        {pastDue}
        {method}
        <ClickCardForm
          onSaved={() => {
            toast.show(t('payment_info_saved'));
            void navigate('/userprofile');
          }}
        />
        <Link to="/userprofile" className={`${buttonClasses('ghost', 'lg')} self-start`}>
          {t('cancel')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t('update_payment_info')}</h1>
      <DemoModeNotice />
      {pastDue}
      {method}
      <DemoCardForm form={form} onSubmit={submit}>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" busy={save.isPending}>
            {t('save')}
          </Button>
          <Link to="/userprofile" className={buttonClasses('ghost', 'lg')}>
            {t('cancel')}
          </Link>
        </div>
      </DemoCardForm>
    </div>
  );
}
