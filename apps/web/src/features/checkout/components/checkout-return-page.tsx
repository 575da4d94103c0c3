import { planNameIn } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useBillingChanged } from '../../../shared/api/billing';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney } from '../../../shared/i18n/format';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { LoadingState } from '../../../shared/ui/loading-state';
import { checkoutStatusQuery } from '../api/checkout-api';

/**
 * Where a provider sends the viewer back after paying (/checkout/return?session=…): the checkout's result once the
 * provider has told us, asked again every few seconds until then.
 */
export function CheckoutReturnPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('checkout_return_title'));
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const status = useQuery({ ...checkoutStatusQuery(sessionId), enabled: sessionId.length >= 8 });
  const changed = useBillingChanged();
  const completed = status.data?.status === 'completed';
  // The subscription the other screens show has changed once the payment is in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per completion, not per render's new callback.
  useEffect(() => {
    if (completed) void changed();
  }, [completed]);

  if (isApiError(status.error) && status.error.status === 401) {
    return (
      <Navigate to={`/signin?next=${encodeURIComponent(`/checkout/return?session=${sessionId}`)}`} replace />
    );
  }
  if (sessionId.length >= 8 && status.isPending) return <LoadingState label={t('loading')} />;
  const data = status.data;
  const message = !data
    ? isApiError(status.error) && status.error.status === 404
      ? t('checkout_unavailable')
      : t('something_went_wrong')
    : data.status === 'completed'
      ? t('payment_succeeded')
      : data.status === 'expired'
        ? t('checkout_expired')
        : t('checkout_waiting');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('checkout_return_title')}</h1>
      {data ? (
        <p className="text-muted">
          {planNameIn(data.plan, keyword)} ·{' '}
          {formatMoney(data.price_cents, data.currency, htmlLangOf(keyword))}
        </p>
      ) : null}
      <p role="status" data-testid="checkout-result" data-status={data?.status ?? 'unknown'}>
        {message}
      </p>
      <Link
        to={data?.status === 'completed' ? '/userprofile' : '/pricingplan'}
        className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong"
      >
        {data?.status === 'completed' ? t('go_to_account') : t('pricing_plan')}
      </Link>
    </div>
  );
}
