import { type UserProfile, userEditBodySchema } from '@salomtv/contract';
import { useState } from 'react';
import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useEditProfile } from '../api/profile';
import { type FieldErrors, fieldErrorsOf, refusalOf } from './account-format';
import { EditableRow } from './editable-row';

/** Date of Birth: a real past date (the sign-up rule), picked with a date input. */
export function DobRow({ profile }: { profile: UserProfile }) {
  const { t, keyword } = useLanguage();
  const toast = useToast();
  const edit = useEditProfile();
  const [open, setOpen] = useState(false);
  const [dob, setDob] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const refusal = refusalOf(edit.error, ['dob'], t);
  const error = errors.dob ?? refusal.fields.dob;

  const save = () => {
    const parsed = userEditBodySchema.safeParse({ dob });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    edit.mutate(
      { dob },
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
      id="dob"
      label={t('date_of_birth')}
      value={formatDate(profile.dob, htmlLangOf(keyword)) ?? t('not_set')}
      open={open}
      onOpen={() => {
        setDob(profile.dob ?? '');
        setErrors({});
        edit.reset();
        setOpen(true);
      }}
      onCancel={() => setOpen(false)}
      onSave={save}
      busy={edit.isPending}
      message={refusal.message}
    >
      <Field id="account-dob" label={t('date_of_birth')} error={error}>
        <Input
          id="account-dob"
          type="date"
          autoComplete="bday"
          value={dob}
          onChange={(event) => setDob(event.target.value)}
          {...describedBy('account-dob', error)}
        />
      </Field>
    </EditableRow>
  );
}
