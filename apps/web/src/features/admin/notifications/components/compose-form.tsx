import { type NotificationCreate, notificationCreateSchema } from '@salomtv/contract';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { useContractForm } from '../../../../shared/ui/contract-form';
import { FormField } from '../../../../shared/ui/form-field';
import { Input, Textarea } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { useCreateNotification } from '../api/notifications';
import { ComposeAudience } from './compose-audience';
import { type ComposeValues, composeBody, composeChecks, EMPTY_COMPOSE } from './compose-values';
import { ComposeWhen } from './compose-when';

/** Compose a notification: title, body, optional link, its audience, and now or at a set time. */
export function ComposeForm() {
  const toast = useToast();
  const create = useCreateNotification();
  const form = useContractForm<typeof notificationCreateSchema, ComposeValues>(notificationCreateSchema, {
    defaultValues: EMPTY_COMPOSE,
    toBody: composeBody,
    check: composeChecks,
    fieldNames: { user_id: 'user' },
  });

  const submit = form.handleSubmit((body) =>
    // The schema's preprocessed ids type as unknown on the way in; the check above has passed.
    create.mutate(body as NotificationCreate, {
      onSuccess: (sent) => {
        toast.show(sent.status === 'scheduled' ? 'Notification scheduled' : 'Notification sent', 'success');
        form.reset(EMPTY_COMPOSE);
      },
      onError: (error) => form.showServerError(error, 'Something went wrong'),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="compose-heading"
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="compose-heading" className="text-xl font-semibold">
        Compose
      </h2>
      {form.formMessage ? <Alert>{form.formMessage}</Alert> : null}
      <FormField form={form} name="title" id="notification-title" label="Title">
        {(control) => <Input {...control} maxLength={200} {...form.register('title')} />}
      </FormField>
      <FormField form={form} name="body" id="notification-body" label="Message">
        {(control) => <Textarea {...control} rows={4} maxLength={2000} {...form.register('body')} />}
      </FormField>
      <FormField
        form={form}
        name="link"
        id="notification-link"
        label="Link (optional)"
        hint="A page of the site such as /pricingplan, or an https:// address."
      >
        {(control) => <Input {...control} autoComplete="off" dir="ltr" {...form.register('link')} />}
      </FormField>
      <ComposeAudience form={form} />
      <ComposeWhen form={form} />
      <div>
        <Button type="submit" size="lg" busy={create.isPending}>
          {form.watch('when') === 'later' ? 'Schedule notification' : 'Send notification'}
        </Button>
      </div>
    </form>
  );
}
