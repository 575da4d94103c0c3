import { demoCardBodySchema, expiryValid, luhnValid } from '@salomtv/contract';
import type { FormEvent, ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { useContractForm } from '../../../shared/ui/contract-form';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';

export type CardField = 'card_number' | 'exp' | 'cvc' | 'name';
export type DemoCard = Record<CardField, string>;
export type CardErrors = Partial<Record<CardField, string>>;

const EMPTY_CARD: DemoCard = { card_number: '', exp: '', cvc: '', name: '' };

/** The same checks, and messages, as the server's demo provider, made before the card is sent. */
function cardChecks(card: DemoCard): CardErrors {
  const parsed = demoCardBodySchema.safeParse(card);
  if (!parsed.success) return {};
  const found: CardErrors = {};
  if (!luhnValid(parsed.data.card_number)) found.card_number = 'This card number is not valid';
  if (!expiryValid(parsed.data.exp, new Date())) found.exp = 'This card has expired';
  return found;
}

/** The demo provider's card form: checked by the contract's rules (the server's own) before it is sent. */
export function useDemoCardForm() {
  const t = useT();
  const form = useContractForm<typeof demoCardBodySchema, DemoCard>(demoCardBodySchema, {
    defaultValues: EMPTY_CARD,
    check: cardChecks,
  });
  const { errors } = form.formState;
  const declined = () => form.setError('card_number', { type: 'server', message: t('card_declined') });
  return {
    form,
    errors: {
      card_number: errors.card_number?.message,
      exp: errors.exp?.message,
      cvc: errors.cvc?.message,
      name: errors.name?.message,
    } satisfies CardErrors,
    message: form.formMessage,
    /** Clears the errors of the previous attempt. */
    clear: () => form.clearErrors(),
    declined,
    /** The submit handler: `send` gets the card once it passes the checks. */
    submit: (send: (card: DemoCard) => void) => form.handleSubmit(send),
    /** A declined card next to the number, field errors next to their fields, anything else above the form. */
    showError: (cause: unknown) => {
      if (isApiError(cause) && (cause.status === 402 || cause.code === 'card_declined')) declined();
      else form.showServerError(cause, t('something_went_wrong'));
    },
  };
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
  const { form: fields, message } = form;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
    >
      {message ? <Alert>{message}</Alert> : null}
      <FormField
        form={fields}
        name="card_number"
        id="card_number"
        label={t('card_number')}
        hint={t('test_cards_hint')}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            {...fields.register('card_number')}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField form={fields} name="exp" id="exp" label={t('card_expiry')}>
          {(control) => (
            <Input {...control} autoComplete="cc-exp" placeholder="MM/YY" {...fields.register('exp')} />
          )}
        </FormField>
        <FormField form={fields} name="cvc" id="cvc" label={t('card_cvc')}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="cc-csc" {...fields.register('cvc')} />
          )}
        </FormField>
      </div>
      <FormField form={fields} name="name" id="name" label={t('name_on_card')}>
        {(control) => <Input {...control} autoComplete="cc-name" {...fields.register('name')} />}
      </FormField>
      {children}
    </form>
  );
}
