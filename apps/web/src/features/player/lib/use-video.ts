import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { postWhileLeaving } from '../../../shared/api/post-while-leaving';
import { saveProgress } from '../api/viewing-api';
import { attachSource } from './attach-source';

/** The spec's player constants (section 9). */
export const VOLUME_STEP = 0.02;
export const UNMUTE_VOLUME = 0.5;
export const PROGRESS_REFRESH_MS = 1000;
export const PROGRESS_SAVE_MS = 10_000;
/**
 * Seconds a feature must really play (not seek, not sit paused) before its position is saved: opening a title
 * and closing it again is looking at it, not watching it, and must not move its resume point.
 */
export const SAVE_AFTER_PLAYED_SECONDS = 5;

export interface VideoState {
  playing: boolean;
  currentTime: number;
  duration: number;
  /** 0..100, refreshed every second. */
  percent: number;
  volume: number;
  muted: boolean;
}

interface UseVideoOptions {
  src: string | null;
  autoPlay?: boolean;
  startPosition?: number;
  /** Where to save progress (none for trailers). */
  progress?: { movieId: number; episodeId?: number | undefined } | null;
  /** Called once a saved position has reached the server. */
  onProgressSaved?: () => void;
}

/** Attaches an HLS source to a video element and mirrors its state; saves progress every 10 s, on pause and on leave. */
export function useVideo({
  src,
  autoPlay = false,
  startPosition,
  progress,
  onProgressSaved,
}: UseVideoOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [hls, setHls] = useState<Hls | null>(null);
  const [state, setState] = useState<VideoState>({
    playing: false,
    currentTime: 0,
    duration: 0,
    percent: 0,
    volume: 1,
    muted: false,
  });
  const progressRef = useRef(progress);
  progressRef.current = progress;
  const onSavedRef = useRef(onProgressSaved);
  onSavedRef.current = onProgressSaved;
  /** Seconds the attached source has played forward at normal pace (seeks and pauses do not count). */
  const played = useRef({ seconds: 0, at: 0 });
  /** Where the progress of the source now attached goes (set when it is attached, so a source that is
   * replaced, such as a pre-roll, never saves its position under the next one). */
  const attachedTarget = useRef<UseVideoOptions['progress']>(null);

  /**
   * Saves the position; `leaving`: the page unloads, so the call is sent with keepalive. `element`: the video
   * when the player is being removed (React has already detached the ref by then).
   */
  const save = (leaving = false, element?: HTMLVideoElement): Promise<void> => {
    const video = element ?? videoRef.current;
    const target = attachedTarget.current;
    if (!video || !target || !(video.currentTime > 0)) return Promise.resolve();
    if (played.current.seconds < SAVE_AFTER_PLAYED_SECONDS) return Promise.resolve();
    const body = {
      movie_id: target.movieId,
      episode_id: target.episodeId,
      position_seconds: video.currentTime,
      duration_seconds: video.duration,
    };
    if (!leaving) return saveProgress(body).then(() => onSavedRef.current?.());
    if (!(body.duration_seconds > 0)) return Promise.resolve();
    postWhileLeaving('/api/progress', {
      ...body,
      position_seconds: Math.floor(body.position_seconds),
      duration_seconds: Math.ceil(body.duration_seconds),
    });
    return Promise.resolve();
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  /** Detaches what plays now (hls.js, or the browser's own HLS). */
  const detachRef = useRef<(() => void) | undefined>(undefined);

  // The element the ref holds, as state: a player whose video mounts after the hook (the popup's, once Play is
  // pressed) attaches its source and listens to it then.
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (videoRef.current !== element) setElement(videoRef.current);
  });

  useEffect(() => {
    const video = element;
    if (!video || !src) return;
    attachedTarget.current = progressRef.current;
    played.current = { seconds: 0, at: startPosition ?? 0 };
    let cancelled = false;
    void attachSource(video, src, { startPosition }).then((attached) => {
      if (cancelled) {
        attached.destroy();
        return;
      }
      detachRef.current = attached.destroy;
      setHls(attached.hls);
      if (autoPlay) {
        video.play().catch(() => {
          // The browser wants a muted start.
          video.muted = true;
          void video.play().catch(() => undefined);
        });
      }
    });
    return () => {
      cancelled = true;
      saveRef.current(false, video);
      attachedTarget.current = null;
      detachRef.current?.();
      detachRef.current = undefined;
      setHls(null);
    };
  }, [element, src, autoPlay, startPosition]);

  useEffect(() => {
    const video = element;
    if (!video) return;
    const read = () =>
      setState({
        playing: !video.paused && !video.ended,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
        percent: video.duration > 0 ? (video.currentTime / video.duration) * 100 : 0,
        volume: video.volume,
        muted: video.muted || video.volume === 0,
      });
    const onPause = () => {
      read();
      saveRef.current();
    };
    const onTime = () => {
      const step = video.currentTime - played.current.at;
      // A step forward of at most a couple of seconds is playing; anything else is a seek.
      if (!video.paused && step > 0 && step < 2) played.current.seconds += step;
      played.current.at = video.currentTime;
    };
    const events = ['play', 'playing', 'loadedmetadata', 'durationchange', 'volumechange', 'seeked', 'ended'];
    for (const name of events) video.addEventListener(name, read);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onPause);
    const refresh = setInterval(read, PROGRESS_REFRESH_MS);
    const saver = setInterval(() => {
      if (!video.paused) saveRef.current();
    }, PROGRESS_SAVE_MS);
    const onHide = () => saveRef.current(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      for (const name of events) video.removeEventListener(name, read);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onPause);
      clearInterval(refresh);
      clearInterval(saver);
      window.removeEventListener('pagehide', onHide);
    };
  }, [element]);

  const controls = {
    /** Saves the position now (before leaving for another player), once it has really played. */
    saveNow: () => saveRef.current(),
    toggle: () => {
      const video = videoRef.current;
      if (!video) return;
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
    },
    seekTo: (seconds: number) => {
      const video = videoRef.current;
      if (video) video.currentTime = Math.max(0, Math.min(seconds, video.duration || seconds));
    },
    seekBy: (delta: number) => {
      const video = videoRef.current;
      if (video) controls.seekTo(video.currentTime + delta);
    },
    /** Mute sets the volume to 0; unmute restores 0.5 (spec section 4). */
    toggleMute: () => {
      const video = videoRef.current;
      if (!video) return;
      if (video.muted || video.volume === 0) {
        video.muted = false;
        video.volume = UNMUTE_VOLUME;
      } else {
        video.volume = 0;
        video.muted = true;
      }
    },
    /**
     * Goes on from the same moment with the browser's own HLS at another address (an AirPlay receiver's, which
     * fetches without cookies): hls.js cannot hand its stream to one.
     */
    playAddress: (address: string) => {
      const video = videoRef.current;
      if (!video) return;
      const at = video.currentTime;
      detachRef.current?.();
      setHls(null);
      video.src = address;
      detachRef.current = () => {
        video.removeAttribute('src');
        video.load();
      };
      video.addEventListener('loadedmetadata', () => controls.seekTo(at), { once: true });
      void video.play().catch(() => undefined);
    },
    /** The slider value is the video's volume (0..1). */
    setVolume: (value: number) => {
      const video = videoRef.current;
      if (!video) return;
      video.volume = Math.max(0, Math.min(1, value));
      video.muted = value === 0;
    },
  };

  return { videoRef, element, hls, state, controls };
}

/** The four volume icon levels of the full-page player. */
export function volumeLevel(volume: number, muted: boolean): 0 | 1 | 2 | 3 {
  if (muted || volume === 0) return 0;
  if (volume < 0.34) return 1;
  if (volume < 0.67) return 2;
  return 3;
}
