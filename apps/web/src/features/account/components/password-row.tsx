import { type UserProfile, userEditBodySchema } from '@salomtv/contract';
import { useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useEditProfile } from '../api/profile';
import { type FieldErrors, fieldErrorsOf, refusalOf } from './account-format';
import { EditableRow } from './editable-row';

/** Password: the current one, then the new one (the server ends the account's other sessions). */
export function PasswordRow({ profile }: { profile: UserProfile }) {
  const t = useT();
  const toast = useToast();
  const edit = useEditProfile();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const refusal = refusalOf(edit.error, ['password', 'current_password'], t);
  const currentError = errors.current_password ?? refusal.fields.current_password;
  const newError = errors.password ?? refusal.fields.password;

  const save = () => {
    const body = { password, current_password: current };
    const parsed = userEditBodySchema.safeParse(body);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    edit.mutate(body, {
      onSuccess: () => {
        toast.show(t('updated'));
        setOpen(false);
      },
    });
  };

  return (
    <EditableRow
      id="password"
      label={t('Password')}
      value={<span aria-hidden>••••••••</span>}
      open={open}
      onOpen={() => {
        setCurrent('');
        setPassword('');
        setErrors({});
        edit.reset();
        setOpen(true);
      }}
      onCancel={() => setOpen(false)}
      onSave={save}
      busy={edit.isPending}
      message={refusal.message}
    >
      <input type="hidden" name="username" autoComplete="username" value={profile.phone_number} />
      <Field id="current-password" label={t('current_password')} error={currentError}>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          {...describedBy('current-password', currentError)}
        />
      </Field>
      <Field id="account-new-password" label={t('new_password')} error={newError}>
        <Input
          id="account-new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...describedBy('account-new-password', newError)}
        />
      </Field>
    </EditableRow>
  );
}
