import { FEEDBACK_TAGS, type FeedbackCreate, feedbackCreateSchema } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input, Select, Textarea } from '../../../shared/ui/input';
import { useSendFeedback } from '../api/feedback-api';
import { fieldMessageKeys, type HelpField, tagKeys } from './ticket-texts';

const isHelpField = (name: string): name is HelpField => name in fieldMessageKeys;

/** The Help form: topic (Feature, Bug, Query, Enhancement), subject and message; signed-out senders add an email. */
export function HelpForm({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const send = useSendFeedback();
  const [tag, setTag] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<HelpField, string>>>({});
  const [sent, setSent] = useState(false);

  const messagesOf = (names: string[]) => {
    const found: Partial<Record<HelpField, string>> = {};
    for (const name of names) if (isHelpField(name)) found[name] ??= t(fieldMessageKeys[name]);
    return found;
  };
  const serverFields = isApiError(send.error) ? messagesOf(Object.keys(send.error.fields)) : {};
  const error = (name: HelpField) => errors[name] ?? serverFields[name];
  const refusal = send.error
    ? isApiError(send.error) && send.error.status === 429
      ? t('too_many_messages')
      : Object.keys(serverFields).length === 0
        ? t('something_went_wrong')
        : undefined
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const body = { tag, subject, message, ...(signedIn ? {} : { email: email.trim() }) };
    const parsed = feedbackCreateSchema.safeParse(body);
    const missing = parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0]));
    if (!signedIn && !email.trim()) missing.push('email');
    if (missing.length > 0 || !parsed.success) {
      setErrors(messagesOf(missing));
      return;
    }
    setErrors({});
    send.mutate(parsed.data satisfies FeedbackCreate, {
      onSuccess: () => {
        setSent(true);
        setTag('');
        setSubject('');
        setMessage('');
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="help-form-title"
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="help-form-title" className="text-xl font-semibold">
        {t('send_us_a_message')}
      </h2>
      <Field id="help-tag" label={t('ticket_topic')} error={error('tag')}>
        <Select
          id="help-tag"
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          {...describedBy('help-tag', error('tag'))}
        >
          <option value="" disabled>
            {t('choose_topic')}
          </option>
          {FEEDBACK_TAGS.map((value) => (
            <option key={value} value={value}>
              {t(tagKeys[value])}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="help-subject" label={t('subject')} error={error('subject')}>
        <Input
          id="help-subject"
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
          {...describedBy('help-subject', error('subject'))}
        />
      </Field>
      <Field id="help-message" label={t('message')} error={error('message')}>
        <Textarea
          id="help-message"
          value={message}
          maxLength={5000}
          rows={6}
          onChange={(event) => setMessage(event.target.value)}
          {...describedBy('help-message', error('message'))}
        />
      </Field>
      {signedIn ? null : (
        <Field id="help-email" label={t('contact_email')} error={error('email')}>
          <Input
            id="help-email"
            type="email"
            autoComplete="email"
            dir="ltr"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...describedBy('help-email', error('email'))}
          />
        </Field>
      )}
      {refusal ? <Alert>{refusal}</Alert> : null}
      {sent ? <Alert tone="info">{t('message_sent')}</Alert> : null}
      <div>
        <Button type="submit" busy={send.isPending}>
          {t('send_message')}
        </Button>
      </div>
    </form>
  );
}
