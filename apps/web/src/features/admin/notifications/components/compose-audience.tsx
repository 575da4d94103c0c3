import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { FormField } from '../../../../shared/ui/form-field';
import { Select } from '../../../../shared/ui/input';
import { audiencePlansQuery } from '../api/notifications';
import type { ComposeFormState, ComposeValues } from './compose-values';
import { UserPicker } from './user-picker';

const AUDIENCES: { value: ComposeValues['audience']; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'plan', label: 'Subscribers of one plan' },
  { value: 'user', label: 'One user' },
];

/** Who receives the notification: everyone, the subscribers of one plan, or one user. */
export function ComposeAudience({ form }: { form: ComposeFormState }) {
  const plans = useQuery(audiencePlansQuery());
  const audience = form.watch('audience');
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Audience</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {AUDIENCES.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              className="size-4 accent-brand"
              value={option.value}
              {...form.register('audience', { onChange: () => form.clearErrors(['plan_id', 'user']) })}
            />
            {option.label}
          </label>
        ))}
      </div>
      {audience === 'plan' ? (
        <FormField form={form} name="plan_id" id="notification-plan" label="Plan" className="max-w-xs">
          {(control) => (
            <Select {...control} {...form.register('plan_id')}>
              <option value="">Choose a plan</option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.plan_id} value={plan.plan_id}>
                  {plan.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {audience === 'user' ? (
        <FormField form={form} name="user" id="notification-user" label="User" className="max-w-lg">
          {(control) => (
            <Controller
              control={form.control}
              name="user"
              render={({ field, fieldState }) => (
                <UserPicker
                  id={control.id}
                  value={field.value}
                  error={fieldState.error?.message}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </FormField>
      ) : null}
    </fieldset>
  );
}
