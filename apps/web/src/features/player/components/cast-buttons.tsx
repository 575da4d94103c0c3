import { type RefObject, useEffect, useRef, useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { airPlayAddress, type CastTarget, castSupported, castTo } from '../lib/cast-sender';
import { AirPlayIcon, CastIcon } from './player-icons';

type WebKitVideo = HTMLVideoElement & {
  webkitShowPlaybackTargetPicker?: () => void;
  webkitCurrentPlaybackTargetIsWireless?: boolean;
};

/**
 * Cast, where the browser can cast (Chrome and its kin): the Cast SDK loads when it is pressed, the viewer picks a
 * device in the browser's own dialog and the title goes on there from the same moment.
 */
export function CastButton({
  target,
  videoRef,
  className,
  onCasting,
  onUnavailable,
}: {
  target: CastTarget;
  videoRef: RefObject<HTMLVideoElement | null>;
  className: string;
  /** The device's name once it plays there, null when the cast ends. */
  onCasting: (device: string | null) => void;
  onUnavailable: () => void;
}) {
  const t = useT();
  const [supported] = useState(castSupported);
  if (!supported) return null;
  const cast = () => {
    const video = videoRef.current;
    castTo(target, video?.currentTime ?? 0, () => onCasting(null)).then((device) => {
      if (device === null) return;
      video?.pause();
      onCasting(device);
    }, onUnavailable);
  };
  return (
    <button
      type="button"
      className={className}
      onClick={cast}
      aria-label={t('cast_to_tv')}
      data-testid="cast-button"
    >
      <CastIcon />
    </button>
  );
}

/**
 * AirPlay, where Safari says a receiver is around (`WebKitPlaybackTargetAvailabilityEvent`): its own picker. A
 * feature moves to its cookie-less cast address once a receiver is chosen, as the receiver fetches it itself.
 */
export function AirPlayButton({
  target,
  videoRef,
  className,
  onAddress,
}: {
  target: CastTarget;
  videoRef: RefObject<HTMLVideoElement | null>;
  className: string;
  onAddress: (address: string) => void;
}) {
  const t = useT();
  const [available, setAvailable] = useState(false);
  const { playbackId } = target;
  const handOver = useRef(onAddress);
  handOver.current = onAddress;

  useEffect(() => {
    const video = videoRef.current as WebKitVideo | null;
    if (!video || !('WebKitPlaybackTargetAvailabilityEvent' in window)) return;
    const onAvailability = (event: Event) =>
      setAvailable((event as Event & { availability?: string }).availability === 'available');
    const onTarget = () => {
      if (video.webkitCurrentPlaybackTargetIsWireless && playbackId)
        void airPlayAddress(target).then(handOver.current, () => undefined);
    };
    video.addEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
    video.addEventListener('webkitcurrentplaybacktargetiswirelesschanged', onTarget);
    return () => {
      video.removeEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
      video.removeEventListener('webkitcurrentplaybacktargetiswirelesschanged', onTarget);
    };
  }, [videoRef, target, playbackId]);

  if (!available) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => (videoRef.current as WebKitVideo | null)?.webkitShowPlaybackTargetPicker?.()}
      aria-label={t('airplay')}
    >
      <AirPlayIcon />
    </button>
  );
}
