import type { Profile } from '@salomtv/contract';
import { profileCreateBodySchema, profileUpdateBodySchema } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { createBodyOf, draftOf, nameProblem, updateBodyOf, withKids } from './profile-draft';

const profile: Profile = {
  profile_id: 7,
  name: 'Dilnoza',
  avatar: '/media/avatars/p7-abc.webp',
  language: 'Ru',
  maturity: '16+',
  kids: false,
  autoplay_next: true,
  autoplay_previews: true,
  subtitle_language: null,
  audio_language: 'Uz',
  locked: false,
  owner: false,
  last_active_at: null,
};
const defaults = { avatar: 'avatar:3', language: 'En' };

describe('the profile form', () => {
  it('starts a new profile with the defaults, and sends what the server accepts', () => {
    const draft = { ...draftOf(null, defaults), name: '  Kamol ' };
    const body = createBodyOf(draft);
    expect(body).toEqual({
      name: 'Kamol',
      avatar: 'avatar:3',
      language: 'En',
      maturity: '18+',
      kids: false,
      autoplay_next: true,
      autoplay_previews: true,
      subtitle_language: null,
      audio_language: null,
    });
    expect(profileCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends only what changed, and never an uploaded picture back', () => {
    const draft = draftOf(profile, defaults);
    expect(updateBodyOf(draft, profile)).toEqual({ profile_id: 7 });
    const changed = { ...draft, name: 'Dilya', language: '', subtitle_language: 'En', avatar: 'avatar:5' };
    const body = updateBodyOf(changed, profile);
    expect(body).toEqual({
      profile_id: 7,
      name: 'Dilya',
      avatar: 'avatar:5',
      language: null,
      subtitle_language: 'En',
    });
    expect(profileUpdateBodySchema.safeParse(body).success).toBe(true);
  });

  it('gives a kids profile the kids maturity and no previews', () => {
    const kids = withKids(draftOf(profile, defaults), true);
    expect(kids).toMatchObject({ kids: true, maturity: '7+', autoplay_previews: false });
    expect(withKids({ ...kids, maturity: 'All' }, true).maturity).toBe('All');
    expect(withKids(kids, false)).toMatchObject({ kids: false, maturity: '7+' });
  });

  it('needs a name of at most 40 characters', () => {
    expect(nameProblem('   ')).toBe('enter_name');
    expect(nameProblem('x'.repeat(41))).toBe('enter_name');
    expect(nameProblem('Aziz')).toBeUndefined();
  });
});
