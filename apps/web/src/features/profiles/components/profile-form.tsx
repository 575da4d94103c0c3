import { AGE_RATINGS, type AgeRating, PROFILE_NAME_MAX, type Profile } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/language-context';
import { languageListQuery } from '../../../shared/i18n/languages-api';
import { fill } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input, Select } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import {
  useCreateProfile,
  useDeleteProfile,
  useUpdateProfile,
  useUploadProfileAvatar,
} from '../api/profile-mutations';
import {
  createBodyOf,
  draftOf,
  nameProblem,
  type ProfileDraft,
  updateBodyOf,
  withKids,
} from '../lib/profile-draft';
import { AvatarPicker } from './avatar-picker';
import { PinSettings } from './pin-settings';
import { useRatingLabel } from './use-rating-label';

function Switch({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-3 text-sm">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="ms-8 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Adding or editing a profile: name, picture, display language, maturity, kids, autoplay, subtitle and audio
 * language; an existing one also has its PIN and, unless it is the owner's, Delete.
 */
export function ProfileForm({
  profile,
  defaults,
  max,
  onDone,
}: {
  profile: Profile | null;
  defaults: { avatar: string; language: string };
  /** The plan's number of profiles (for the limit's message). */
  max: number;
  onDone: () => void;
}) {
  const { t } = useLanguage();
  const ratingLabel = useRatingLabel();
  const toast = useToast();
  const languages = useQuery(languageListQuery()).data ?? [];
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const upload = useUploadProfileAvatar();
  const remove = useDeleteProfile();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile, defaults));
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const set = <K extends keyof ProfileDraft>(field: K, value: ProfileDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const failure = create.error ?? update.error ?? upload.error ?? remove.error;
  const serverName = isApiError(failure) ? failure.fields.name : undefined;
  const busy = create.isPending || update.isPending || upload.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(draft.name);
    if (problem) {
      setNameError(t(problem));
      nameRef.current?.focus();
      return;
    }
    try {
      const saved = profile
        ? await update.mutateAsync(updateBodyOf(draft, profile))
        : await create.mutateAsync(createBodyOf(draft));
      if (file) await upload.mutateAsync({ profileId: saved.profile_id, file });
      toast.show(t('profile_saved'), 'success');
      onDone();
    } catch {
      // The refusal shows above the buttons.
    }
  };

  const languageOptions = (
    <>
      <option value="">{t('default_choice')}</option>
      {languages.map((language) => (
        <option key={language.lang_id} value={language.keyword} lang={language.keyword.toLowerCase()}>
          {language.language_title}
        </option>
      ))}
    </>
  );
  const limitReached = isApiError(create.error) && create.error.status === 409;

  return (
    <section
      aria-labelledby="profile-form-title"
      className="flex flex-col gap-6 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="profile-form-title" className="text-xl font-semibold">
        {profile ? t('edit_profile') : t('add_profile')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Field id="profile-name" label={t('profile_name')} error={nameError ?? serverName}>
          <Input
            ref={nameRef}
            id="profile-name"
            dir="auto"
            maxLength={PROFILE_NAME_MAX}
            autoComplete="off"
            value={draft.name}
            onChange={(event) => {
              set('name', event.target.value);
              setNameError(undefined);
            }}
            {...describedBy('profile-name', nameError ?? serverName)}
          />
        </Field>
        <AvatarPicker
          value={draft.avatar}
          onChange={(avatar) => set('avatar', avatar)}
          file={file}
          onFile={setFile}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="profile-language" label={t('display_language')}>
            <Select
              id="profile-language"
              value={draft.language}
              onChange={(event) => set('language', event.target.value)}
            >
              {languageOptions}
            </Select>
          </Field>
          <Field id="profile-maturity" label={t('maturity_level')} hint={t('maturity_hint')}>
            <Select
              id="profile-maturity"
              value={draft.maturity}
              onChange={(event) => set('maturity', event.target.value as AgeRating)}
              {...describedBy('profile-maturity', undefined, t('maturity_hint'))}
            >
              {AGE_RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {ratingLabel(rating)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="profile-subtitles" label={t('subtitle_language')}>
            <Select
              id="profile-subtitles"
              value={draft.subtitle_language}
              onChange={(event) => set('subtitle_language', event.target.value)}
            >
              {languageOptions}
            </Select>
          </Field>
          <Field id="profile-audio" label={t('audio_language')}>
            <Select
              id="profile-audio"
              value={draft.audio_language}
              onChange={(event) => set('audio_language', event.target.value)}
            >
              {languageOptions}
            </Select>
          </Field>
        </div>
        <div className="flex flex-col gap-4">
          <Switch
            id="profile-kids"
            label={t('kids_profile')}
            hint={profile?.owner ? t('owner_not_kids') : t('kids_profile_hint')}
            checked={draft.kids}
            disabled={profile?.owner}
            onChange={(kids) => setDraft((current) => withKids(current, kids))}
          />
          <Switch
            id="profile-autoplay-next"
            label={t('autoplay_next_episode')}
            checked={draft.autoplay_next}
            onChange={(on) => set('autoplay_next', on)}
          />
          <Switch
            id="profile-autoplay-previews"
            label={t('autoplay_previews')}
            checked={draft.autoplay_previews}
            onChange={(on) => set('autoplay_previews', on)}
          />
        </div>
        {failure && !serverName ? (
          <Alert>
            {limitReached
              ? fill(t('profile_limit_reached'), { max })
              : isApiError(failure) && failure.kind === 'http'
                ? failure.message
                : t('something_went_wrong')}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {t('save')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('cancel')}
          </Button>
          {profile && !profile.owner ? (
            <Button variant="danger" className="ms-auto" onClick={() => setConfirmDelete(true)}>
              {t('delete_profile')}
            </Button>
          ) : null}
        </div>
      </form>
      {profile ? <PinSettings profile={profile} /> : null}
      {confirmDelete && profile ? (
        <ConfirmDialog
          title={t('delete_profile')}
          message={fill(t('delete_profile_question'), { name: profile.name })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          busy={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(profile.profile_id, {
              onSuccess: () => {
                toast.show(t('profile_deleted'), 'success');
                onDone();
              },
              onSettled: () => setConfirmDelete(false),
            })
          }
        />
      ) : null}
    </section>
  );
}
