import { clickCardBodySchema, clickCardVerifyBodySchema } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field, fieldErrorId } from '../../../shared/ui/field';
import { fieldErrorsOf } from '../../../shared/ui/field-errors';
import { Input } from '../../../shared/ui/input';
import { useRequestClickCard, useVerifyClickCard } from '../api/checkout-api';

type Fields = 'card_number' | 'expire_date' | 'consent' | 'sms_code';
type Errors = Partial<Record<Fields, string>>;

/**
 * A card for Click to keep, so the renewals of a plan paid through Click are paid with it: the card and consent,
 * then the code Click texted to the card's owner. `onSaved` runs once Click has confirmed the card.
 */
export function ClickCardForm({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const ask = useRequestClickCard();
  const verify = useVerifyClickCard();
  const [card, setCard] = useState({ card_number: '', expire_date: '', consent: false });
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();

  const showError = (cause: unknown) => {
    if (isApiError(cause) && Object.keys(cause.fields).length > 0) setErrors(cause.fields as Errors);
    else setMessage(isApiError(cause) && cause.message ? cause.message : t('something_went_wrong'));
  };
  const clear = () => {
    setErrors({});
    setMessage(undefined);
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const parsed = clickCardBodySchema.safeParse(card);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    ask.mutate(card as typeof card & { consent: true }, {
      onSuccess: (reply) => setSentTo(reply.phone_number),
      onError: showError,
    });
  };
  const saveCard = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const parsed = clickCardVerifyBodySchema.safeParse({ sms_code: code });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    verify.mutate(code, { onSuccess: onSaved, onError: showError });
  };

  const frame = 'flex flex-col gap-4 rounded-card border border-border bg-surface p-5';
  if (sentTo !== null) {
    return (
      <form noValidate onSubmit={saveCard} className={frame} aria-label={t('click_card_title')}>
        {message ? <Alert>{message}</Alert> : null}
        <p>{t('click_card_code_sent').replace('{phone}', sentTo)}</p>
        <Field id="sms_code" label={t('sms_code')} error={errors.sms_code}>
          <Input
            id="sms_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.trim())}
            {...describedBy('sms_code', errors.sms_code)}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" busy={verify.isPending}>
            {t('click_card_save')}
          </Button>
          <Button type="button" variant="ghost" size="lg" onClick={() => setSentTo(null)}>
            {t('click_card_other')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={sendCode} className={frame} aria-label={t('click_card_title')}>
      {message ? <Alert>{message}</Alert> : null}
      <p className="text-sm text-muted">{t('click_card_intro')}</p>
      <Field id="click_card_number" label={t('card_number')} error={errors.card_number}>
        <Input
          id="click_card_number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="8600 0000 0000 0000"
          value={card.card_number}
          onChange={(event) => setCard({ ...card, card_number: event.target.value })}
          {...describedBy('click_card_number', errors.card_number)}
        />
      </Field>
      <Field id="click_card_expiry" label={t('card_expiry')} error={errors.expire_date}>
        <Input
          id="click_card_expiry"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          className="max-w-32"
          value={card.expire_date}
          onChange={(event) => setCard({ ...card, expire_date: event.target.value })}
          {...describedBy('click_card_expiry', errors.expire_date)}
        />
      </Field>
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-3" htmlFor="click_card_consent">
          <input
            id="click_card_consent"
            type="checkbox"
            className="mt-1 size-5"
            checked={card.consent}
            onChange={(event) => setCard({ ...card, consent: event.target.checked })}
            {...describedBy('click_card_consent', errors.consent)}
          />
          <span>{t('click_card_consent')}</span>
        </label>
        {errors.consent ? (
          <p id={fieldErrorId('click_card_consent')} className="text-sm text-danger" role="alert">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" busy={ask.isPending} className="self-start">
        {t('click_card_send_code')}
      </Button>
    </form>
  );
}
