import { AVATAR_COUNT, profileCreateBodySchema } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { AVATAR_FACES, AVATARS, avatarIndexOf, avatarValue, firstFreeAvatar } from './avatars';

/** WCAG's contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the generated avatars', () => {
  it('are the 12 the contract names, each a character and colours of its own', () => {
    expect(AVATARS).toHaveLength(AVATAR_COUNT);
    expect(new Set(AVATARS.map((avatar) => avatar.face)).size).toBe(AVATAR_COUNT);
    expect(AVATARS.map((avatar) => avatar.face).sort()).toEqual([...AVATAR_FACES].sort());
    expect(new Set(AVATARS.map((avatar) => avatar.from)).size).toBe(AVATAR_COUNT);
    expect(new Set(AVATARS.map((avatar) => avatar.to)).size).toBe(AVATAR_COUNT);
    for (const avatar of AVATARS) {
      for (const colour of [avatar.from, avatar.to, avatar.ink]) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('draw their face in an ink that stands out from both ends of the background', () => {
    for (const { face, from, to, ink } of AVATARS) {
      expect(contrast(ink, from), `${face} on ${from}`).toBeGreaterThanOrEqual(3);
      expect(contrast(ink, to), `${face} on ${to}`).toBeGreaterThanOrEqual(2.5);
    }
  });

  it('are named avatar:0 … avatar:11, which the server accepts', () => {
    for (let index = 0; index < AVATAR_COUNT; index += 1) {
      const value = avatarValue(index);
      expect(avatarIndexOf(value)).toBe(index);
      expect(profileCreateBodySchema.safeParse({ name: 'Aziz', avatar: value }).success).toBe(true);
    }
  });

  it('tell a generated avatar from an uploaded picture', () => {
    expect(avatarIndexOf('avatar:12')).toBeNull();
    expect(avatarIndexOf('avatar:x')).toBeNull();
    expect(avatarIndexOf('/media/avatars/p3-abc.webp')).toBeNull();
    expect(avatarIndexOf('https://cdn.example/avatar:1')).toBeNull();
  });

  it('give a new profile the first avatar nobody in the household has', () => {
    expect(firstFreeAvatar([])).toBe('avatar:0');
    expect(firstFreeAvatar(['avatar:0', 'avatar:2', '/media/a.webp'])).toBe('avatar:1');
    const all = AVATARS.map((_, index) => avatarValue(index));
    expect(avatarIndexOf(firstFreeAvatar(all))).not.toBeNull();
  });
});
