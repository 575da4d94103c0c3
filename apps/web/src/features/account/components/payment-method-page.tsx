import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { LoadingState } from '../../../shared/ui/loading-state';
import { useToast } from '../../../shared/ui/toast-context';
import { subscriptionQuery, useSaveDemoCard } from '../../pricing/api/billing-api';
import { formatDate } from './account-format';

type CardField = 'card_number' | 'exp' | 'cvc' | 'name';
const EMPTY: Record<CardField, string> = { card_number: '', exp: '', cvc: '', name: '' };

/**
 * Update Payment info with the demo provider (/userprofile/payment): saves another test card; a past-due
 * renewal is charged again at once, so a good card makes the subscription active again.
 */
export function PaymentMethodPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('update_payment_info'));
  const navigate = useNavigate();
  const toast = useToast();
  const subscription = useQuery(subscriptionQuery());
  const save = useSaveDemoCard();
  const [card, setCard] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [message, setMessage] = useState<string>();

  if (isApiError(subscription.error) && subscription.error.status === 401) {
    return <Navigate to={`/signin?next=${encodeURIComponent('/userprofile/payment')}`} replace />;
  }
  if (subscription.isPending) return <LoadingState label={t('loading')} />;
  const sub = subscription.data;
  const set = (field: CardField) => (event: { target: { value: string } }) =>
    setCard((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(undefined);
    save.mutate(card, {
      onSuccess: (reply) => {
        if (reply.status === 'past_due') {
          setErrors({ card_number: t('card_declined') });
          return;
        }
        toast.show(t('payment_info_saved'));
        void navigate('/userprofile');
      },
      onError: (cause) => {
        if (isApiError(cause) && (cause.status === 402 || cause.code === 'card_declined')) {
          setErrors({ card_number: t('card_declined') });
        } else if (isApiError(cause) && Object.keys(cause.fields).length > 0) {
          setErrors(cause.fields as Partial<Record<CardField, string>>);
        } else {
          setMessage(isApiError(cause) && cause.message ? cause.message : t('something_went_wrong'));
        }
      },
    });
  };

  const graceEnds = formatDate(sub?.grace_until, htmlLangOf(keyword));
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t('update_payment_info')}</h1>
      <p
        data-testid="demo-mode"
        className="rounded-md border border-yellow-500/60 bg-yellow-500/10 px-4 py-3 text-sm font-semibold"
      >
        {t('demo_mode')}
      </p>
      {sub?.status === 'past_due' && graceEnds ? (
        <Alert tone="info">{t('payment_past_due_notice').replace('{date}', graceEnds)}</Alert>
      ) : null}
      {sub?.payment_method_summary ? (
        <p className="text-muted">
          {t('payment_method')}: <span className="text-text">{sub.payment_method_summary}</span>
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
      >
        {message ? <Alert>{message}</Alert> : null}
        <Field
          id="card_number"
          label={t('card_number')}
          error={errors.card_number}
          hint={t('test_cards_hint')}
        >
          <Input
            id="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.card_number}
            onChange={set('card_number')}
            {...describedBy('card_number', errors.card_number, t('test_cards_hint'))}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id="exp" label={t('card_expiry')} error={errors.exp}>
            <Input
              id="exp"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.exp}
              onChange={set('exp')}
              {...describedBy('exp', errors.exp)}
            />
          </Field>
          <Field id="cvc" label={t('card_cvc')} error={errors.cvc}>
            <Input
              id="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvc}
              onChange={set('cvc')}
              {...describedBy('cvc', errors.cvc)}
            />
          </Field>
        </div>
        <Field id="name" label={t('name_on_card')} error={errors.name}>
          <Input
            id="name"
            autoComplete="cc-name"
            value={card.name}
            onChange={set('name')}
            {...describedBy('name', errors.name)}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" busy={save.isPending}>
            {t('save')}
          </Button>
          <Link to="/userprofile" className={buttonClasses('ghost', 'lg')}>
            {t('cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
