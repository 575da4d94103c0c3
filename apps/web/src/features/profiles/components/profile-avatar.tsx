import { type ReactNode, useId } from 'react';
import { AVATARS, type AvatarDesign, type AvatarFace, avatarIndexOf } from '../lib/avatars';

const PUPIL = '#14161c';
const round = { strokeLinecap: 'round', strokeLinejoin: 'round', fill: 'none' } as const;

/** Each character drawn on a 100 × 100 square, in its design's ink. */
const faces: Record<AvatarFace, (design: AvatarDesign) => ReactNode> = {
  smile: ({ ink }) => (
    <>
      <circle cx="26" cy="60" r="6" fill="#fff" fillOpacity="0.3" />
      <circle cx="74" cy="60" r="6" fill="#fff" fillOpacity="0.3" />
      <circle cx="36" cy="44" r="5.5" fill={ink} />
      <circle cx="64" cy="44" r="5.5" fill={ink} />
      <path d="M32 60 Q50 78 68 60" stroke={ink} strokeWidth="5.5" {...round} />
    </>
  ),
  cat: ({ ink }) => (
    <>
      <path d="M22 44 L28 14 L46 32 M78 44 L72 14 L54 32" stroke={ink} strokeWidth="5" {...round} />
      <ellipse cx="38" cy="50" rx="4.5" ry="6.5" fill={ink} />
      <ellipse cx="62" cy="50" rx="4.5" ry="6.5" fill={ink} />
      <path d="M46 61 H54 L50 66 Z" fill={ink} />
      <path
        d="M44 70 Q50 75 56 70 M16 60 L36 63 M16 70 L36 68 M84 60 L64 63 M84 70 L64 68"
        stroke={ink}
        strokeWidth="3"
        {...round}
      />
    </>
  ),
  robot: ({ ink }) => (
    <>
      <path d="M50 30 V18" stroke={ink} strokeWidth="4" {...round} />
      <circle cx="50" cy="15" r="5" fill={ink} />
      <rect
        x="24"
        y="30"
        width="52"
        height="46"
        rx="10"
        fill="#fff"
        fillOpacity="0.85"
        stroke={ink}
        strokeWidth="4"
      />
      <rect x="34" y="43" width="10" height="10" rx="2" fill={ink} />
      <rect x="56" y="43" width="10" height="10" rx="2" fill={ink} />
      <rect x="37" y="62" width="26" height="6" rx="3" fill={ink} />
    </>
  ),
  bear: ({ ink }) => (
    <>
      <circle cx="27" cy="28" r="11" fill={ink} fillOpacity="0.3" />
      <circle cx="73" cy="28" r="11" fill={ink} fillOpacity="0.3" />
      <circle cx="39" cy="47" r="4.5" fill={ink} />
      <circle cx="61" cy="47" r="4.5" fill={ink} />
      <ellipse cx="50" cy="64" rx="14" ry="11" fill="#fff" fillOpacity="0.75" />
      <ellipse cx="50" cy="59" rx="5.5" ry="4" fill={ink} />
      <path d="M45 67 Q50 72 55 67" stroke={ink} strokeWidth="3" {...round} />
    </>
  ),
  ghost: ({ ink, to }) => (
    <>
      <path
        d="M27 82 V46 a23 23 0 0 1 46 0 V82 l-7.5 -7 l-8 7 l-7.5 -7 l-7.5 7 l-8 -7 Z"
        fill={ink}
        fillOpacity="0.92"
      />
      <ellipse cx="42" cy="47" rx="4.5" ry="6.5" fill={to} />
      <ellipse cx="58" cy="47" rx="4.5" ry="6.5" fill={to} />
      <ellipse cx="50" cy="62" rx="4.5" ry="5.5" fill={to} />
    </>
  ),
  wink: ({ ink }) => (
    <>
      <circle cx="36" cy="44" r="5.5" fill={ink} />
      <path d="M57 45 Q64 37 71 45 M32 60 Q50 76 68 60" stroke={ink} strokeWidth="5" {...round} />
      <path d="M52 70 Q57 80 62 68" fill="#ff5c7a" />
    </>
  ),
  glasses: ({ ink }) => (
    <>
      <circle cx="36" cy="46" r="11" stroke={ink} strokeWidth="4" fill="#fff" fillOpacity="0.2" />
      <circle cx="64" cy="46" r="11" stroke={ink} strokeWidth="4" fill="#fff" fillOpacity="0.2" />
      <path
        d="M47 46 H53 M25 44 L16 40 M75 44 L84 40 M38 66 Q50 75 62 66"
        stroke={ink}
        strokeWidth="4"
        {...round}
      />
      <circle cx="36" cy="46" r="3.5" fill={ink} />
      <circle cx="64" cy="46" r="3.5" fill={ink} />
    </>
  ),
  owl: ({ ink }) => (
    <>
      <path d="M18 24 L34 34 L36 22 Z M82 24 L66 34 L64 22 Z" fill={ink} fillOpacity="0.6" />
      <circle cx="35" cy="48" r="14" fill="#fff" />
      <circle cx="65" cy="48" r="14" fill="#fff" />
      <circle cx="37" cy="49" r="6.5" fill={PUPIL} />
      <circle cx="63" cy="49" r="6.5" fill={PUPIL} />
      <path d="M44 62 H56 L50 72 Z" fill="#ffb300" />
    </>
  ),
  fox: ({ ink }) => (
    <>
      <path d="M18 16 L42 32 L24 48 Z M82 16 L58 32 L76 48 Z" fill={ink} fillOpacity="0.35" />
      <path d="M22 50 Q50 94 78 50 Q50 62 22 50 Z" fill="#fff" fillOpacity="0.85" />
      <ellipse cx="38" cy="47" rx="4.5" ry="5.5" fill={ink} />
      <ellipse cx="62" cy="47" rx="4.5" ry="5.5" fill={ink} />
      <circle cx="50" cy="70" r="4.5" fill={ink} />
    </>
  ),
  cyclops: ({ ink }) => (
    <>
      <path d="M30 28 L34 12 L42 26 Z M70 28 L66 12 L58 26 Z" fill={ink} fillOpacity="0.85" />
      <circle cx="50" cy="45" r="17" fill="#fff" />
      <circle cx="50" cy="47" r="8.5" fill="#4fc3f7" />
      <circle cx="50" cy="47" r="4" fill={PUPIL} />
      <path d="M34 68 Q50 80 66 68" stroke={ink} strokeWidth="4.5" {...round} />
      <path d="M44 72 V77 M56 72 V77" stroke={ink} strokeWidth="3" {...round} />
    </>
  ),
  panda: ({ ink }) => (
    <>
      <circle cx="25" cy="27" r="11" fill={ink} />
      <circle cx="75" cy="27" r="11" fill={ink} />
      <circle cx="50" cy="55" r="30" fill="#fff" fillOpacity="0.95" />
      <ellipse cx="38" cy="50" rx="8" ry="10.5" transform="rotate(-25 38 50)" fill={ink} />
      <ellipse cx="62" cy="50" rx="8" ry="10.5" transform="rotate(25 62 50)" fill={ink} />
      <circle cx="39" cy="49" r="3" fill="#fff" />
      <circle cx="61" cy="49" r="3" fill="#fff" />
      <ellipse cx="50" cy="64" rx="5.5" ry="4" fill={ink} />
      <path d="M45 71 Q50 75 55 71" stroke={ink} strokeWidth="3" {...round} />
    </>
  ),
  sleepy: ({ ink }) => (
    <>
      <path
        d="M29 47 Q36 54 43 47 M57 47 Q64 54 71 47 M68 14 H80 L68 26 H80"
        stroke={ink}
        strokeWidth="4.5"
        {...round}
      />
      <circle cx="50" cy="65" r="5" fill={ink} />
      <circle cx="27" cy="60" r="6" fill="#fff" fillOpacity="0.35" />
      <circle cx="73" cy="60" r="6" fill="#fff" fillOpacity="0.35" />
    </>
  ),
};

/** One generated avatar as a square SVG. */
export function GeneratedAvatar({ index, className = '' }: { index: number; className?: string }) {
  const gradient = useId();
  const design = AVATARS[index] ?? (AVATARS[0] as AvatarDesign);
  return (
    <svg
      viewBox="0 0 100 100"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-avatar={design.face}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={design.from} />
          <stop offset="1" stopColor={design.to} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${gradient})`} />
      {faces[design.face](design)}
    </svg>
  );
}

/** A profile's picture: its generated avatar, or the picture it uploaded. Decorative: the name goes beside it. */
export function ProfileAvatar({ avatar, className = 'size-8' }: { avatar: string; className?: string }) {
  const index = avatarIndexOf(avatar);
  return (
    <span className={`inline-block shrink-0 overflow-hidden rounded-md bg-surface-2 ${className}`}>
      {index === null ? (
        <img src={avatar} alt="" className="size-full object-cover" loading="lazy" decoding="async" />
      ) : (
        <GeneratedAvatar index={index} className="block size-full" />
      )}
    </span>
  );
}
