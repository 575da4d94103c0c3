import {
  DEFAULT_MAX_PROFILES,
  englishTexts,
  MAX_STREAMS_LIMIT,
  PLAN_FEATURES,
  QUALITY_CAPS,
  QUALITY_LABELS,
} from '@salomtv/contract';
import { errorAt } from '../../../../shared/ui/contract-form';
import { describedBy, fieldErrorId } from '../../../../shared/ui/field';
import { FormField } from '../../../../shared/ui/form-field';
import { Input, Select } from '../../../../shared/ui/input';
import type { PlanFormState } from './plan-form-values';

/** What a plan gives: its quality cap, stream and profile limits, whether it is offered, and its features. */
export function PlanLimitsFields({ form, id }: { form: PlanFormState; id: (field: string) => string }) {
  const offeredError = errorAt(form.formState.errors, 'offered');
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField form={form} name="quality_cap" id={id('quality')} label="Quality cap">
          {(control) => (
            <Select {...control} {...form.register('quality_cap', { setValueAs: Number })}>
              {QUALITY_CAPS.map((cap) => (
                <option key={cap} value={cap}>
                  {QUALITY_LABELS[cap]} {cap}p
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField form={form} name="max_streams" id={id('streams')} label="Stream limit">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              max={MAX_STREAMS_LIMIT}
              {...form.register('max_streams')}
            />
          )}
        </FormField>
        <FormField form={form} name="max_profiles" id={id('profiles')} label="Profiles">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              max={DEFAULT_MAX_PROFILES}
              {...form.register('max_profiles')}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Offered</span>
          <label className="flex h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand"
              {...form.register('offered')}
              {...describedBy(id('offered'), offeredError)}
            />
            Offered on the pricing page
          </label>
          {offeredError ? (
            <p id={fieldErrorId(id('offered'))} role="alert" className="text-sm text-danger">
              {offeredError}
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
                {...form.register(`features.${feature}`)}
              />
              {englishTexts[feature]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
