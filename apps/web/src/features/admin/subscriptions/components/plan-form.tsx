import {
  DEFAULT_MAX_PROFILES,
  englishTexts,
  MAX_STREAMS_LIMIT,
  PLAN_FEATURES,
  type Plan,
  type PlanFeatures,
  planCreateBodySchema,
  planUpdateBodySchema,
  QUALITY_CAPS,
  QUALITY_LABELS,
  type QualityCap,
} from '@salomtv/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { type PlanSave, useSavePlan } from '../api/plans';
import { centsToText, textToCents } from '../lib/money';
import { PlanNamesFields } from './plan-names-fields';
import { PlanPricesFields, type PriceRow } from './plan-prices-fields';

type Errors = Partial<Record<string, string>>;

interface FormState {
  code: string;
  name: string;
  names: Record<string, string>;
  monthly: string;
  yearly: string;
  currency: string;
  /** Prices in the other currencies. */
  prices: PriceRow[];
  quality_cap: QualityCap;
  features: PlanFeatures;
  max_streams: string;
  max_profiles: string;
  offered: boolean;
}

const NO_FEATURES = Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, false])) as PlanFeatures;

const initialState = (plan: Plan | null): FormState => ({
  code: plan?.code ?? '',
  name: plan?.name ?? '',
  names: { ...plan?.names },
  monthly: centsToText(plan?.monthly_price_cents ?? null),
  yearly: centsToText(plan?.yearly_price_cents ?? null),
  currency: plan?.currency ?? 'USD',
  prices: Object.entries(plan?.prices ?? {})
    .filter(([currency]) => currency !== plan?.currency)
    .map(([currency, price]) => ({
      currency,
      monthly: centsToText(price.month),
      yearly: centsToText(price.year),
    })),
  quality_cap: plan?.quality_cap ?? 480,
  features: plan ? { ...plan.features } : { ...NO_FEATURES },
  max_streams: String(plan?.max_streams ?? 1),
  max_profiles: String(plan?.max_profiles ?? DEFAULT_MAX_PROFILES),
  offered: plan?.offered ?? true,
});

/**
 * The plan editor: name, monthly and yearly price, currency, quality cap, features, stream and profile limits and
 * whether the plan is offered. `plan` null: a new plan (with its code, which never changes afterwards).
 */
export function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSavePlan();
  const uid = useId();
  const id = (field: string) => `${uid}-${field}`;
  const [form, setForm] = useState<FormState>(() => initialState(plan));
  const formRef = useRef<HTMLFormElement>(null);
  // The editor opens below the table: bring it into view with its first field focused.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const [errors, setErrors] = useState<Errors>({});
  const serverFields = isApiError(save.error) ? save.error.fields : {};
  const errorOf = (field: string) => errors[field] ?? serverFields[field];
  const set = <K extends keyof FormState>(field: K, value: FormState[K], errorKey: string = field) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [errorKey]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const monthly = textToCents(form.monthly);
    const yearly = textToCents(form.yearly);
    if (monthly === null) found.monthly_price_cents = 'Enter the monthly price';
    else if (monthly === undefined) found.monthly_price_cents = 'Enter a price such as 19.00';
    if (yearly === undefined) found.yearly_price_cents = 'Enter a price such as 69.90, or leave it empty';
    const prices: Record<string, { month: number; year: number | null }> = {
      [form.currency]: { month: monthly ?? 0, year: yearly ?? null },
    };
    form.prices.forEach((row, index) => {
      const month = textToCents(row.monthly);
      const year = textToCents(row.yearly);
      if (!/^[A-Z]{3}$/.test(row.currency))
        found[`prices.${index}.currency`] = 'Use a three-letter currency code such as UZS';
      else if (row.currency in prices)
        found[`prices.${index}.currency`] = 'This currency has a price already';
      if (month === null) found[`prices.${index}.monthly`] = 'Enter the monthly price';
      else if (month === undefined) found[`prices.${index}.monthly`] = 'Enter a price such as 49000';
      if (year === undefined)
        found[`prices.${index}.yearly`] = 'Enter a price such as 490000, or leave it empty';
      if (month != null && year !== undefined) prices[row.currency] = { month, year };
    });
    const fields = {
      name: form.name,
      names: form.names,
      monthly_price_cents: monthly ?? 0,
      yearly_price_cents: yearly ?? null,
      currency: form.currency,
      prices,
      quality_cap: form.quality_cap,
      features: form.features,
      max_streams: Number(form.max_streams),
      max_profiles: Number(form.max_profiles),
      offered: form.offered,
    };
    const parsed = plan
      ? planUpdateBodySchema.safeParse(fields)
      : planCreateBodySchema.safeParse({ ...fields, code: form.code });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        found[issue.path[0] === 'names' ? issue.path.join('.') : String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const request: PlanSave = plan
      ? { planId: plan.plan_id, body: fields }
      : { planId: null, body: { ...fields, code: form.code.trim() } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast.show(plan ? `Plan ${saved.name} saved` : `Plan ${saved.name} created`, 'success');
        onDone();
      },
    });
  };

  const title = plan ? `Edit plan: ${plan.name}` : 'New plan';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={title}
      data-testid="plan-form"
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      {save.isError && Object.keys(serverFields).length === 0 ? <Alert>{save.error.message}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {plan ? null : (
          <Field
            id={id('code')}
            label="Code"
            error={errorOf('code')}
            hint="Lower-case letters, digits, - or _; it never changes."
          >
            <Input
              id={id('code')}
              value={form.code}
              autoComplete="off"
              onChange={(event) => set('code', event.target.value)}
              {...describedBy(id('code'), errorOf('code'), 'hint')}
            />
          </Field>
        )}
        <Field id={id('name')} label="Name" error={errorOf('name')}>
          <Input
            id={id('name')}
            value={form.name}
            autoComplete="off"
            onChange={(event) => set('name', event.target.value)}
            {...describedBy(id('name'), errorOf('name'))}
          />
        </Field>
      </div>
      <PlanNamesFields
        idPrefix={uid}
        names={form.names}
        onChange={(names) => {
          setForm((current) => ({ ...current, names }));
          setErrors((current) =>
            Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('names.'))),
          );
        }}
        errorOf={errorOf}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id={id('monthly')} label="Monthly price" error={errorOf('monthly_price_cents')}>
          <Input
            id={id('monthly')}
            inputMode="decimal"
            value={form.monthly}
            onChange={(event) => set('monthly', event.target.value, 'monthly_price_cents')}
            {...describedBy(id('monthly'), errorOf('monthly_price_cents'))}
          />
        </Field>
        <Field
          id={id('yearly')}
          label="Yearly price"
          error={errorOf('yearly_price_cents')}
          hint="Empty: no yearly option."
        >
          <Input
            id={id('yearly')}
            inputMode="decimal"
            value={form.yearly}
            onChange={(event) => set('yearly', event.target.value, 'yearly_price_cents')}
            {...describedBy(id('yearly'), errorOf('yearly_price_cents'), 'hint')}
          />
        </Field>
        <Field id={id('currency')} label="Currency" error={errorOf('currency')} hint="Such as USD.">
          <Input
            id={id('currency')}
            maxLength={3}
            value={form.currency}
            autoComplete="off"
            className="uppercase"
            onChange={(event) => set('currency', event.target.value.toUpperCase())}
            {...describedBy(id('currency'), errorOf('currency'), 'hint')}
          />
        </Field>
      </div>
      <PlanPricesFields
        idPrefix={uid}
        rows={form.prices}
        onChange={(prices) => {
          setForm((current) => ({ ...current, prices }));
          setErrors((current) =>
            Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('prices.'))),
          );
        }}
        errorOf={errorOf}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id={id('quality')} label="Quality cap" error={errorOf('quality_cap')}>
          <Select
            id={id('quality')}
            value={form.quality_cap}
            onChange={(event) => set('quality_cap', Number(event.target.value) as QualityCap)}
          >
            {QUALITY_CAPS.map((cap) => (
              <option key={cap} value={cap}>
                {QUALITY_LABELS[cap]} {cap}p
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id('streams')} label="Stream limit" error={errorOf('max_streams')}>
          <Input
            id={id('streams')}
            type="number"
            min={1}
            max={MAX_STREAMS_LIMIT}
            value={form.max_streams}
            onChange={(event) => set('max_streams', event.target.value)}
            {...describedBy(id('streams'), errorOf('max_streams'))}
          />
        </Field>
        <Field id={id('profiles')} label="Profiles" error={errorOf('max_profiles')}>
          <Input
            id={id('profiles')}
            type="number"
            min={1}
            max={DEFAULT_MAX_PROFILES}
            value={form.max_profiles}
            onChange={(event) => set('max_profiles', event.target.value)}
            {...describedBy(id('profiles'), errorOf('max_profiles'))}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Offered</span>
          <label className="flex h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand"
              checked={form.offered}
              onChange={(event) => set('offered', event.target.checked)}
              {...describedBy(id('offered'), errorOf('offered'))}
            />
            Offered on the pricing page
          </label>
          {errorOf('offered') ? (
            <p id={`${id('offered')}-error`} role="alert" className="text-sm text-danger">
              {errorOf('offered')}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Features</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {PLAN_FEATURES.map((feature) => (
            <label key={feature} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand"
                checked={form.features[feature]}
                onChange={(event) => set('features', { ...form.features, [feature]: event.target.checked })}
              />
              {englishTexts[feature]}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="rounded-md bg-surface-2 px-4 py-3 text-sm text-muted" data-testid="price-note">
        Existing subscribers keep the price they pay now until their next period; a new price applies from
        their next renewal. Quality, features and the stream limit apply at once.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>
          {plan ? 'Save plan' : 'Create plan'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
