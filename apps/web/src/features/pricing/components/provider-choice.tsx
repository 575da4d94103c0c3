import type { PaymentProviderInfo, PaymentProviderName } from '@salomtv/contract';
import type { ReactNode } from 'react';

/** Each provider's mark, drawn inline (no outside download): its colours and initial, beside its name. */
const MARKS: Record<PaymentProviderName, ReactNode> = {
  payme: (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="#33CCCC" />
      <text
        x="12"
        y="17"
        textAnchor="middle"
        fontSize="13"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        P
      </text>
    </svg>
  ),
  click: (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="#0099FF" />
      <circle cx="12" cy="12" r="5" fill="none" stroke="#fff" strokeWidth="2.5" />
    </svg>
  ),
  stripe: (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="#635BFF" />
      <text
        x="12"
        y="17"
        textAnchor="middle"
        fontSize="13"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        S
      </text>
    </svg>
  ),
  demo: (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <rect x="1" y="5" width="22" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect x="1" y="9" width="22" height="3" fill="currentColor" />
    </svg>
  ),
};

/** Pay with: the providers that take the chosen currency, each with its mark and name. */
export function ProviderChoice(props: {
  legend: string;
  providers: readonly PaymentProviderInfo[] | undefined;
  value: PaymentProviderName | undefined;
  onChange: (name: PaymentProviderName) => void;
}) {
  return (
    <fieldset className="flex min-h-11 flex-wrap items-center gap-2" data-testid="provider-choice">
      <legend className="mb-1 text-sm text-muted">{props.legend}</legend>
      {props.providers?.map((provider) => (
        <label
          key={provider.name}
          className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 focus-within:ring-2 focus-within:ring-brand ${
            props.value === provider.name ? 'border-brand' : 'border-border'
          }`}
        >
          <input
            type="radio"
            name="payment-provider"
            className="sr-only"
            value={provider.name}
            checked={props.value === provider.name}
            onChange={() => props.onChange(provider.name)}
          />
          {MARKS[provider.name]}
          <span className="text-sm font-semibold">{provider.title}</span>
        </label>
      ))}
    </fieldset>
  );
}
