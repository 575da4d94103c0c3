import { type RefObject, useCallback, useEffect, useState } from 'react';

type LockableOrientation = ScreenOrientation & { lock?: (orientation: string) => Promise<void> };
type WebKitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** Turns a phone to landscape in full screen where the browser allows it (a refusal changes nothing). */
function lockLandscape(video: HTMLVideoElement | null): void {
  const orientation = screen.orientation as LockableOrientation | undefined;
  if (!orientation?.lock || (video && video.videoHeight > video.videoWidth)) return;
  orientation.lock('landscape').catch(() => undefined);
}

/**
 * Full screen for the player's frame (the video with its controls), turned to landscape on a phone (Screen
 * Orientation API, where supported); on an iPhone, where only a video may go full screen, the system's player.
 */
export function useFullscreen(
  frameRef: RefObject<HTMLElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [frameRef]);

  const toggle = useCallback(() => {
    const frame = frameRef.current;
    const video = videoRef.current as WebKitVideo | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      screen.orientation?.unlock?.();
    } else if (frame?.requestFullscreen) {
      frame.requestFullscreen().then(
        () => lockLandscape(video),
        () => undefined,
      );
    } else {
      video?.webkitEnterFullscreen?.();
    }
  }, [frameRef, videoRef]);

  return { fullscreen, toggle };
}
