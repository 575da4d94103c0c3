import { AVATAR_COUNT } from '@salomtv/contract';

/** The characters a generated avatar draws (profile-avatar.tsx has one drawing per face). */
export const AVATAR_FACES = [
  'smile',
  'cat',
  'robot',
  'bear',
  'ghost',
  'wink',
  'glasses',
  'owl',
  'fox',
  'cyclops',
  'panda',
  'sleepy',
] as const;
export type AvatarFace = (typeof AVATAR_FACES)[number];

export interface AvatarDesign {
  face: AvatarFace;
  /** The background's gradient, top-left to bottom-right. */
  from: string;
  to: string;
  /** The face's lines and eyes, dark on the light backgrounds and light on the dark ones. */
  ink: string;
}

/** The 12 generated avatars, `avatar:0` … `avatar:11`: each its own colour and character. */
export const AVATARS: readonly AvatarDesign[] = [
  { face: 'smile', from: '#ff8a80', to: '#d32f2f', ink: '#2b0a0a' },
  { face: 'cat', from: '#ffb74d', to: '#ef6c00', ink: '#2e1500' },
  { face: 'robot', from: '#fff176', to: '#f9a825', ink: '#2a2100' },
  { face: 'bear', from: '#aed581', to: '#558b2f', ink: '#10200a' },
  { face: 'ghost', from: '#009688', to: '#004d40', ink: '#ffffff' },
  { face: 'wink', from: '#81d4fa', to: '#0277bd', ink: '#001c30' },
  { face: 'glasses', from: '#7986cb', to: '#283593', ink: '#ffffff' },
  { face: 'owl', from: '#ba68c8', to: '#6a1b9a', ink: '#ffffff' },
  { face: 'fox', from: '#f48fb1', to: '#c2185b', ink: '#2d0616' },
  { face: 'cyclops', from: '#a1887f', to: '#4e342e', ink: '#ffffff' },
  { face: 'panda', from: '#b0bec5', to: '#607d8b', ink: '#101518' },
  { face: 'sleepy', from: '#ffe0b2', to: '#ff8f00', ink: '#2e1a00' },
];

const GENERATED = /^avatar:(\d{1,2})$/;

/** The generated avatar a profile's `avatar` names (`avatar:3` is 3), or null for an uploaded picture's address. */
export function avatarIndexOf(avatar: string): number | null {
  const match = GENERATED.exec(avatar);
  if (!match) return null;
  const index = Number(match[1]);
  return index < AVATAR_COUNT ? index : null;
}

/** The `avatar` value of a generated avatar. */
export const avatarValue = (index: number): string => `avatar:${index}`;

/** The avatar a new profile starts with: the first that no profile of the household has yet. */
export function firstFreeAvatar(taken: readonly string[]): string {
  const used = new Set(taken);
  for (let index = 0; index < AVATAR_COUNT; index += 1) {
    if (!used.has(avatarValue(index))) return avatarValue(index);
  }
  return avatarValue(taken.length % AVATAR_COUNT);
}
