import { type NotificationCreate, notificationCreateSchema } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select, Textarea } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { audiencePlansQuery, useCreateNotification } from '../api/notifications';
import { isInFuture, localInputToIso, toLocalInput } from '../lib/send-at';
import { type PickedUser, UserPicker } from './user-picker';

type Audience = NotificationCreate['audience'];
type Errors = Partial<Record<string, string>>;

const AUDIENCES: { value: Audience; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'plan', label: 'Subscribers of one plan' },
  { value: 'user', label: 'One user' },
];

const EMPTY = { title: '', body: '', link: '', planId: '', sendAt: '' };

/** Compose a notification: title, body, optional link, its audience, and now or at a set time. */
export function ComposeForm() {
  const toast = useToast();
  const create = useCreateNotification();
  const plans = useQuery(audiencePlansQuery());
  const [form, setForm] = useState(EMPTY);
  const [audience, setAudience] = useState<Audience>('all');
  const [user, setUser] = useState<PickedUser | null>(null);
  const [later, setLater] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const serverFields = isApiError(create.error) ? create.error.fields : {};
  const errorOf = (field: string) => errors[field] ?? serverFields[field];
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  const set = (field: keyof typeof EMPTY, errorKey: string) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clear(errorKey);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    let sendAt: string | undefined;
    if (later) {
      sendAt = localInputToIso(form.sendAt);
      if (!sendAt) found.send_at = 'Choose the date and time to send it';
      else if (!isInFuture(sendAt)) found.send_at = 'Choose a time in the future, or send it now';
    }
    const body = {
      title: form.title,
      body: form.body,
      link: form.link.trim() || null,
      audience,
      plan_id: audience === 'plan' && form.planId ? Number(form.planId) : null,
      user_id: audience === 'user' ? (user?.user_id ?? null) : null,
      send_at: sendAt ?? null,
    };
    const parsed = notificationCreateSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.show(sent.status === 'scheduled' ? 'Notification scheduled' : 'Notification sent', 'success');
        setForm(EMPTY);
        setUser(null);
        setLater(false);
        setAudience('all');
      },
    });
  };

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
      {create.isError && Object.keys(serverFields).length === 0 ? (
        <Alert>{create.error.message}</Alert>
      ) : null}
      <Field id="notification-title" label="Title" error={errorOf('title')}>
        <Input
          id="notification-title"
          value={form.title}
          maxLength={200}
          onChange={(event) => set('title', 'title')(event.target.value)}
          {...describedBy('notification-title', errorOf('title'))}
        />
      </Field>
      <Field id="notification-body" label="Message" error={errorOf('body')}>
        <Textarea
          id="notification-body"
          value={form.body}
          rows={4}
          maxLength={2000}
          onChange={(event) => set('body', 'body')(event.target.value)}
          {...describedBy('notification-body', errorOf('body'))}
        />
      </Field>
      <Field
        id="notification-link"
        label="Link (optional)"
        error={errorOf('link')}
        hint="A page of the site such as /pricingplan, or an https:// address."
      >
        <Input
          id="notification-link"
          value={form.link}
          autoComplete="off"
          dir="ltr"
          onChange={(event) => set('link', 'link')(event.target.value)}
          {...describedBy('notification-link', errorOf('link'), 'hint')}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Audience</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {AUDIENCES.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="notification-audience"
                className="size-4 accent-brand"
                value={option.value}
                checked={audience === option.value}
                onChange={() => {
                  setAudience(option.value);
                  clear('plan_id');
                  clear('user_id');
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
        {audience === 'plan' ? (
          <Field id="notification-plan" label="Plan" error={errorOf('plan_id')} className="max-w-xs">
            <Select
              id="notification-plan"
              value={form.planId}
              onChange={(event) => set('planId', 'plan_id')(event.target.value)}
              {...describedBy('notification-plan', errorOf('plan_id'))}
            >
              <option value="">Choose a plan</option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.plan_id} value={plan.plan_id}>
                  {plan.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {audience === 'user' ? (
          <Field id="notification-user" label="User" error={errorOf('user_id')} className="max-w-lg">
            <UserPicker
              id="notification-user"
              value={user}
              error={errorOf('user_id')}
              onChange={(next) => {
                setUser(next);
                clear('user_id');
              }}
            />
          </Field>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">When</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="notification-when"
              className="size-4 accent-brand"
              checked={!later}
              onChange={() => {
                setLater(false);
                clear('send_at');
              }}
            />
            Send now
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="notification-when"
              className="size-4 accent-brand"
              checked={later}
              onChange={() => setLater(true)}
            />
            At a set time
          </label>
        </div>
        {later ? (
          <Field id="notification-send-at" label="Send at" error={errorOf('send_at')} className="max-w-xs">
            <Input
              id="notification-send-at"
              type="datetime-local"
              min={toLocalInput(new Date())}
              value={form.sendAt}
              onChange={(event) => set('sendAt', 'send_at')(event.target.value)}
              {...describedBy('notification-send-at', errorOf('send_at'))}
            />
          </Field>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" size="lg" busy={create.isPending}>
          {later ? 'Schedule notification' : 'Send notification'}
        </Button>
      </div>
    </form>
  );
}
