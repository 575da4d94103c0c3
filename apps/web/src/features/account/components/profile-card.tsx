import { type UserProfile, userEditBodySchema } from '@salomtv/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useObjectUrl } from '../../../shared/hooks/use-object-url';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { describedBy, Field, fieldErrorId } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useEditProfile, useUploadAvatar } from '../api/profile';
import { type FieldErrors, fieldErrorsOf, refusalOf } from './account-format';

const initialsOf = (profile: UserProfile) =>
  [profile.first_name, profile.last_name]
    .map((name) => name?.trim()[0] ?? '')
    .join('')
    .toUpperCase() || profile.phone_number.slice(-2);

/** The avatar, or the initials when there is none. */
function Avatar({ src, initials }: { src: string | null; initials: string }) {
  return src ? (
    <img
      src={src}
      alt=""
      className="size-20 rounded-full object-cover ring-2 ring-border"
      data-testid="avatar"
    />
  ) : (
    <span
      aria-hidden
      className="inline-flex size-20 items-center justify-center rounded-full bg-surface-2 text-2xl font-bold ring-2 ring-border"
    >
      {initials}
    </span>
  );
}

/** The viewer's picture and name; the page's Edit toggle turns them into a small form. */
export function ProfileCard({
  profile,
  editing,
  onDone,
}: {
  profile: UserProfile;
  editing: boolean;
  onDone: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const edit = useEditProfile();
  const upload = useUploadAvatar();
  const [firstName, setFirstName] = useState(profile.first_name ?? '');
  const [lastName, setLastName] = useState(profile.last_name ?? '');
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!editing) return;
    setFirstName(profile.first_name ?? '');
    setLastName(profile.last_name ?? '');
    setFile(null);
    setErrors({});
  }, [editing, profile.first_name, profile.last_name]);

  const names = refusalOf(edit.error, ['first_name', 'last_name'], t);
  const pictureError = isApiError(upload.error)
    ? (upload.error.fields.avatar ?? upload.error.message)
    : upload.error?.message;
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = { first_name: firstName, last_name: lastName };
    const parsed = userEditBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    try {
      const changed =
        firstName.trim() !== (profile.first_name ?? '') || lastName.trim() !== (profile.last_name ?? '');
      if (changed) await edit.mutateAsync(body);
      if (file) await upload.mutateAsync(file);
      toast.show(t('updated'));
      onDone();
    } catch {
      // The mutation's error is shown beside the form.
    }
  };

  const firstError = errors.first_name ?? names.fields.first_name;
  const lastError = errors.last_name ?? names.fields.last_name;

  return (
    <section aria-label={t('my_profile')} className="rounded-card border border-border bg-surface p-5 sm:p-6">
      {editing ? (
        <form noValidate onSubmit={save} className="flex flex-col gap-5">
          {names.message ? <Alert>{names.message}</Alert> : null}
          <div className="flex flex-wrap items-center gap-4">
            <Avatar src={preview ?? profile.avatar} initials={initialsOf(profile)} />
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-text">{t('profile_photo')}</span>
              <label
                className={buttonClasses(
                  'secondary',
                  'sm',
                  'cursor-pointer self-start has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                )}
              >
                {t('change_photo')}
                <input
                  id="avatar"
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="sr-only"
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  {...describedBy('avatar', pictureError)}
                />
              </label>
              {file ? <span className="text-xs text-muted">{file.name}</span> : null}
              {pictureError ? (
                <p id={fieldErrorId('avatar')} className="text-sm text-danger" role="alert">
                  {pictureError}
                </p>
              ) : null}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="first_name" label={t('first_name')} error={firstError}>
              <Input
                id="first_name"
                autoComplete="given-name"
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
                {...describedBy('first_name', firstError)}
              />
            </Field>
            <Field id="last_name" label={t('last_name')} error={lastError}>
              <Input
                id="last_name"
                autoComplete="family-name"
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
                {...describedBy('last_name', lastError)}
              />
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={edit.isPending || upload.isPending}>
              {t('save')}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <Avatar src={profile.avatar} initials={initialsOf(profile)} />
          <div className="min-w-0">
            <p dir="auto" className="text-xl font-semibold" data-testid="profile-name">
              {name || t('not_set')}
            </p>
            <p className="text-sm text-muted">
              <bdi dir="ltr">{profile.phone_number}</bdi>
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
