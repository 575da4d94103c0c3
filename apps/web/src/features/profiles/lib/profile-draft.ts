import {
  AGE_RATINGS,
  type AgeRating,
  PROFILE_NAME_MAX,
  type Profile,
  type ProfileCreateBody,
  type ProfileUpdateBody,
} from '@salomtv/contract';
import { avatarIndexOf } from './avatars';

/** The profile form's fields as edited (an empty language is "default": none of its own). */
export interface ProfileDraft {
  name: string;
  /** `avatar:<n>`, or the uploaded picture's address while it is kept. */
  avatar: string;
  language: string;
  maturity: AgeRating;
  kids: boolean;
  autoplay_next: boolean;
  autoplay_previews: boolean;
  subtitle_language: string;
  audio_language: string;
}

/** The highest rating a kids profile starts with (the server's default for one). */
export const KIDS_MATURITY: AgeRating = '7+';

/** The form's start: the profile's settings, or a new profile's defaults. */
export function draftOf(
  profile: Profile | null,
  defaults: { avatar: string; language: string },
): ProfileDraft {
  if (!profile) {
    return {
      name: '',
      avatar: defaults.avatar,
      language: defaults.language,
      maturity: '18+',
      kids: false,
      autoplay_next: true,
      autoplay_previews: true,
      subtitle_language: '',
      audio_language: '',
    };
  }
  return {
    name: profile.name,
    avatar: profile.avatar,
    language: profile.language ?? '',
    maturity: profile.maturity,
    kids: profile.kids,
    autoplay_next: profile.autoplay_next,
    autoplay_previews: profile.autoplay_previews,
    subtitle_language: profile.subtitle_language ?? '',
    audio_language: profile.audio_language ?? '',
  };
}

/**
 * Turning the kids switch: a kids profile gets the kids' maturity (when its own was higher) and no previews
 * playing by themselves; turning it off leaves the other settings as they are.
 */
export function withKids(draft: ProfileDraft, kids: boolean): ProfileDraft {
  if (!kids) return { ...draft, kids };
  const higher = AGE_RATINGS.indexOf(draft.maturity) > AGE_RATINGS.indexOf(KIDS_MATURITY);
  return { ...draft, kids, maturity: higher ? KIDS_MATURITY : draft.maturity, autoplay_previews: false };
}

/** The name's problem, if any, as a translation key. */
export function nameProblem(name: string): 'enter_name' | undefined {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > PROFILE_NAME_MAX ? 'enter_name' : undefined;
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** `POST /api/profiles`'s body for a new profile. */
export function createBodyOf(draft: ProfileDraft): ProfileCreateBody {
  return {
    name: draft.name.trim(),
    ...(avatarIndexOf(draft.avatar) === null ? {} : { avatar: draft.avatar }),
    language: orNull(draft.language),
    maturity: draft.maturity,
    kids: draft.kids,
    autoplay_next: draft.autoplay_next,
    autoplay_previews: draft.autoplay_previews,
    subtitle_language: orNull(draft.subtitle_language),
    audio_language: orNull(draft.audio_language),
  };
}

/** `POST /api/profiles/update`'s body: only what the form changed (an uploaded picture is never sent back). */
export function updateBodyOf(draft: ProfileDraft, profile: Profile): ProfileUpdateBody {
  const body: ProfileUpdateBody = { profile_id: profile.profile_id };
  const before = draftOf(profile, { avatar: profile.avatar, language: '' });
  if (draft.name.trim() !== before.name) body.name = draft.name.trim();
  if (draft.avatar !== before.avatar && avatarIndexOf(draft.avatar) !== null) body.avatar = draft.avatar;
  if (draft.language !== before.language) body.language = orNull(draft.language);
  if (draft.maturity !== before.maturity) body.maturity = draft.maturity;
  if (draft.kids !== before.kids) body.kids = draft.kids;
  if (draft.autoplay_next !== before.autoplay_next) body.autoplay_next = draft.autoplay_next;
  if (draft.autoplay_previews !== before.autoplay_previews) body.autoplay_previews = draft.autoplay_previews;
  if (draft.subtitle_language !== before.subtitle_language)
    body.subtitle_language = orNull(draft.subtitle_language);
  if (draft.audio_language !== before.audio_language) body.audio_language = orNull(draft.audio_language);
  return body;
}
