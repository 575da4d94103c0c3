import {
  type Plan,
  type PlanCreateBody,
  type PlanUpdateBody,
  planCreateBodySchema,
  planUpdateBodySchema,
} from '@salomtv/contract';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { errorAt, useContractForm } from '../../../../shared/ui/contract-form';
import { FormField } from '../../../../shared/ui/form-field';
import { Input } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { type PlanSave, useSavePlan } from '../api/plans';
import {
  type PlanFormState,
  type PlanFormValues,
  planBody,
  planChecks,
  planFormValues,
} from './plan-form-values';
import { PlanLimitsFields } from './plan-limits-fields';
import { PlanNamesFields } from './plan-names-fields';
import { PlanPricesFields } from './plan-prices-fields';

/**
 * The plan editor: name, monthly and yearly price, currency, quality cap, features, stream and profile limits and
 * whether the plan is offered. `plan` null: a new plan (with its code, which never changes afterwards).
 */
export function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSavePlan();
  const uid = useId();
  const id = (field: string) => `${uid}-${field}`;
  const form: PlanFormState = useContractForm<
    typeof planCreateBodySchema | typeof planUpdateBodySchema,
    PlanFormValues
  >(plan ? planUpdateBodySchema : planCreateBodySchema, {
    defaultValues: planFormValues(plan),
    toBody: (values) => planBody(values, !plan),
    check: planChecks,
    fieldNames: { monthly_price_cents: 'monthly', yearly_price_cents: 'yearly' },
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The editor opens below the table: bring it into view with its first field focused.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const errorOf = (field: string) => errorAt(form.formState.errors, field);

  const submit = form.handleSubmit((body) => {
    // The body passed the schema of its kind: the update's for a plan, the creation's for a new one.
    const request: PlanSave = plan
      ? { planId: plan.plan_id, body: body as PlanUpdateBody }
      : { planId: null, body: body as PlanCreateBody };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast.show(plan ? `Plan ${saved.name} saved` : `Plan ${saved.name} created`, 'success');
        onDone();
      },
      onError: (error) => form.showServerError(error, 'Something went wrong'),
    });
  });

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
      {form.formMessage ? <Alert>{form.formMessage}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {plan ? null : (
          <FormField
            form={form}
            name="code"
            id={id('code')}
            label="Code"
            hint="Lower-case letters, digits, - or _; it never changes."
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('code')} />}
          </FormField>
        )}
        <FormField form={form} name="name" id={id('name')} label="Name">
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
      </div>
      <PlanNamesFields
        idPrefix={uid}
        names={form.watch('names')}
        onChange={(names) => {
          form.setValue('names', names);
          form.clearErrors('names');
        }}
        errorOf={errorOf}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField form={form} name="monthly" id={id('monthly')} label="Monthly price">
          {(control) => <Input {...control} inputMode="decimal" {...form.register('monthly')} />}
        </FormField>
        <FormField
          form={form}
          name="yearly"
          id={id('yearly')}
          label="Yearly price"
          hint="Empty: no yearly option."
        >
          {(control) => <Input {...control} inputMode="decimal" {...form.register('yearly')} />}
        </FormField>
        <FormField form={form} name="currency" id={id('currency')} label="Currency" hint="Such as USD.">
          {(control) => (
            <Input
              {...control}
              maxLength={3}
              autoComplete="off"
              className="uppercase"
              {...form.register('currency', { setValueAs: (value: string) => value.toUpperCase() })}
            />
          )}
        </FormField>
      </div>
      <PlanPricesFields
        idPrefix={uid}
        rows={form.watch('prices')}
        onChange={(prices) => {
          form.setValue('prices', prices);
          form.clearErrors('prices');
        }}
        errorOf={errorOf}
      />
      <PlanLimitsFields form={form} id={id} />
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
