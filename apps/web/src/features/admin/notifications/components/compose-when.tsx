import { FormField } from '../../../../shared/ui/form-field';
import { Input } from '../../../../shared/ui/input';
import { toLocalInput } from '../lib/send-at';
import type { ComposeFormState } from './compose-values';

/** When the notification goes out: now, or at a time the admin sets. */
export function ComposeWhen({ form }: { form: ComposeFormState }) {
  const later = form.watch('when') === 'later';
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">When</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            className="size-4 accent-brand"
            value="now"
            {...form.register('when', { onChange: () => form.clearErrors('send_at') })}
          />
          Send now
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" className="size-4 accent-brand" value="later" {...form.register('when')} />
          At a set time
        </label>
      </div>
      {later ? (
        <FormField form={form} name="send_at" id="notification-send-at" label="Send at" className="max-w-xs">
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              min={toLocalInput(new Date())}
              {...form.register('send_at')}
            />
          )}
        </FormField>
      ) : null}
    </fieldset>
  );
}
