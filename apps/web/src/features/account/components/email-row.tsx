import { type UserProfile, userEditBodySchema } from '@salomtv/contract';
import { useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useEditProfile } from '../api/profile';
import { type FieldErrors, fieldErrorsOf, refusalOf } from './account-format';
import { EditableRow } from './editable-row';

/** Email: valid and not used by another account (the server says so on 409). */
export function EmailRow({ profile }: { profile: UserProfile }) {
  const t = useT();
  const toast = useToast();
  const edit = useEditProfile();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const refusal = refusalOf(edit.error, ['email'], t);
  const error = errors.email ?? refusal.fields.email;

  const save = () => {
    const parsed = userEditBodySchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    edit.mutate(
      { email },
      {
        onSuccess: () => {
          toast.show(t('updated'));
          setOpen(false);
        },
      },
    );
  };

  return (
    <EditableRow
      id="email"
      label={t('email')}
      value={profile.email ?? t('not_set')}
      open={open}
      onOpen={() => {
        setEmail(profile.email ?? '');
        setErrors({});
        edit.reset();
        setOpen(true);
      }}
      onCancel={() => setOpen(false)}
      onSave={save}
      busy={edit.isPending}
      message={refusal.message}
    >
      <Field id="account-email" label={t('email')} error={error}>
        <Input
          id="account-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...describedBy('account-email', error)}
        />
      </Field>
    </EditableRow>
  );
}
