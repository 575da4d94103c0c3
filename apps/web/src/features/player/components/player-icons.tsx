import { Icon, type IconProps } from '../../../shared/ui/icons';

/** The player's own icons, drawn on the shared 24 px icon grid (they ship in the player's chunk only). */

export const BackIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19 12H5m6-7-7 7 7 7" />
  </Icon>
);
export const RewindIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
    <text x="12" y="15.5" fontSize="8" textAnchor="middle" fill="currentColor" stroke="none">
      10
    </text>
  </Icon>
);
export const ForwardIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
    <text x="12" y="15.5" fontSize="8" textAnchor="middle" fill="currentColor" stroke="none">
      10
    </text>
  </Icon>
);
export const StartOverIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 5v14" />
    <path d="M19 5 9 12l10 7z" fill="currentColor" />
  </Icon>
);
export const NextIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 5l10 7-10 7z" fill="currentColor" />
    <path d="M18 5v14" />
  </Icon>
);
export const SettingsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Icon>
);
export const SubtitlesIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3" />
  </Icon>
);
export const AudioIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    <path d="M8 9h8M8 13h5" />
  </Icon>
);
export const CastIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 8V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" />
    <path d="M2 12a9 9 0 0 1 8 8M2 16a5 5 0 0 1 4 4M2 20h.01" />
  </Icon>
);
export const AirPlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 17H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-1" />
    <path d="m12 15 5 6H7z" fill="currentColor" />
  </Icon>
);
export const PictureInPictureIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="12" width="7" height="5" rx="1" fill="currentColor" />
  </Icon>
);
export const FullscreenIcon = ({ exit, ...props }: IconProps & { exit?: boolean }) => (
  <Icon {...props}>
    <path d={exit ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
  </Icon>
);
export const EpisodesIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="13" height="10" rx="1.5" />
    <path d="M8 19h10a3 3 0 0 0 3-3V9" />
    <path d="M8.5 8v4l3-2z" />
  </Icon>
);
