import { demoCardBodySchema, expiryValid, luhnValid } from '@salomtv/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';

export type CardField = 'card_number' | 'exp' | 'cvc' | 'name';
export type DemoCard = Record<CardField, string>;
export type CardErrors = Partial<Record<CardField, string>>;

const EMPTY_CARD: DemoCard = { card_number: '', exp: '', cvc: '', name: '' };

/** The state of the demo provider's card form: what was typed, the field errors and a general message. */
export function useDemoCardForm() {
  const t = useT();
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [message, setMessage] = useState<string>();

  const set = (field: CardField) => (event: { target: { value: string } }) =>
    setCard((previous) => ({ ...previous, [field]: event.target.value }));
  /** Clears the errors of the previous attempt. */
  const clear = () => {
    setErrors({});
    setMessage(undefined);
  };
  const declined = () => setErrors({ card_number: t('card_declined') });
  /**
   * Checks the card against the contract's rules (the server's own) before it is sent; false, with each field's
   * message shown, when something is wrong.
   */
  const check = () => {
    const parsed = demoCardBodySchema.safeParse(card);
    const found: CardErrors = {};
    if (parsed.success) {
      // The same checks, and messages, as the server's demo provider.
      if (!luhnValid(parsed.data.card_number)) found.card_number = 'This card number is not valid';
      if (!expiryValid(parsed.data.exp, new Date())) found.exp = 'This card has expired';
    } else {
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as CardField] ??= issue.message;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  /** A declined card next to the number, field errors next to their fields, anything else above the form. */
  const showError = (cause: unknown) => {
    if (isApiError(cause) && (cause.status === 402 || cause.code === 'card_declined')) {
      declined();
    } else if (isApiError(cause) && Object.keys(cause.fields).length > 0) {
      setErrors(cause.fields as CardErrors);
    } else {
      setMessage(isApiError(cause) && cause.message ? cause.message : t('something_went_wrong'));
    }
  };
  return { card, errors, message, set, clear, declined, showError, check };
}

export type DemoCardFormState = ReturnType<typeof useDemoCardForm>;

/** The "demo mode" notice shown above every demo-provider payment form. */
export function DemoModeNotice() {
  const t = useT();
  return (
    <p
      data-testid="demo-mode"
      className="rounded-md border border-yellow-500/60 bg-yellow-500/10 px-4 py-3 text-sm font-semibold"
    >
      {t('demo_mode')}
    </p>
  );
}

/** The demo provider's card form: number, expiry, CVC and name, then the caller's buttons. */
export function DemoCardForm({
  form,
  onSubmit,
  children,
}: {
  form: DemoCardFormState;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const t = useT();
  const { card, errors, message, set } = form;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
    >
      {message ? <Alert>{message}</Alert> : null}
      <Field id="card_number" label={t('card_number')} error={errors.card_number} hint={t('test_cards_hint')}>
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
      {children}
    </form>
  );
}
