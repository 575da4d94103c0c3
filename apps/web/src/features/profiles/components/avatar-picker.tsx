import { AVATAR_COUNT } from '@salomtv/contract';
import { useId } from 'react';
import { useObjectUrl } from '../../../shared/hooks/use-object-url';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { avatarValue } from '../lib/avatars';
import { GeneratedAvatar, ProfileAvatar } from './profile-avatar';

const indexes = Array.from({ length: AVATAR_COUNT }, (_, index) => index);

/**
 * The profile's picture: one of the 12 generated avatars (a radio group), or an uploaded image, shown at once and
 * sent once the profile is saved.
 */
export function AvatarPicker({
  value,
  onChange,
  file,
  onFile,
}: {
  value: string;
  onChange: (avatar: string) => void;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const t = useT();
  const name = useId();
  const preview = useObjectUrl(file);
  const uploaded = !value.startsWith('avatar:');

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{t('profile_picture')}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <ProfileAvatar avatar={preview ?? value} className="size-20" />
        <label className="inline-flex h-10 cursor-pointer items-center rounded-md border border-border bg-surface-2 px-4 text-sm font-semibold focus-within:outline-2 focus-within:outline-focus hover:border-muted">
          {t('upload_picture')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
        </label>
      </div>
      <div className="grid grid-cols-6 gap-2 sm:gap-3">
        {indexes.map((index) => {
          const avatar = avatarValue(index);
          const checked = !file && !uploaded && value === avatar;
          return (
            <label
              key={avatar}
              className={`relative block cursor-pointer rounded-md ring-offset-2 ring-offset-surface focus-within:ring-2 focus-within:ring-focus ${
                checked ? 'ring-2 ring-text' : ''
              }`}
            >
              <input
                type="radio"
                name={name}
                value={avatar}
                checked={checked}
                onChange={() => {
                  onFile(null);
                  onChange(avatar);
                }}
                // Over the whole picture, unseen: the picture is what is clicked, the radio what is announced.
                className="absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              />
              <GeneratedAvatar index={index} className="block aspect-square w-full rounded-md" />
              <span className="sr-only">{fill(t('avatar_number'), { number: index + 1 })}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
