import type { PlaybackQualityReport } from '@salomtv/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useKeyword } from '../../../shared/i18n/language-context';
import { saveAudioChoice } from '../api/viewing-api';
import type { CastTarget } from './cast-sender';
import { usePreroll } from './house-trailer';
import { usePlaybackQuality } from './playback-quality';
import { usePlaybackSession, withPlayback } from './playback-session';
import { useSavedStart } from './saved-start';
import { useStreamRefusal } from './stream-refusal';
import { useVideo } from './use-video';
import type { PlayChoice } from './what-to-play';

/**
 * What the popup and the full-page player share: a feature's playback session, the pre-roll its plan may ask
 * for, its start at the viewer's saved position (with Start over), the video element's source and state, and
 * what Cast and AirPlay would play. A trailer plays at once, from the top.
 */
export function useTitlePlayer(movieId: number, choice: PlayChoice, title: string) {
  const feature = Boolean(choice.src) && !choice.trailer && movieId > 0;
  // The quality report of the feature playing, read by the session's heartbeats and stop (set below, once the video
  // that plays it exists).
  const qualityReport = useRef<(() => PlaybackQualityReport | undefined) | undefined>(undefined);
  const session = usePlaybackSession(movieId, feature, qualityReport);
  const { gate } = session;
  const granted = gate.state === 'ok';
  // Features only, and only once the grant says whether this viewer's plan has a pre-roll.
  const preroll = usePreroll(movieId, feature ? (granted ? gate.preroll : undefined) : false);
  const prerolling = preroll.phase === 'playing';
  const startAt = useSavedStart(movieId, choice.episodeId, feature);
  const keyword = useKeyword();
  const featureSrc =
    feature && choice.src
      ? granted && startAt !== undefined
        ? withPlayback(choice.src, gate.playbackId, keyword)
        : null
      : choice.src;
  const src = preroll.trailer ? preroll.trailer.src : preroll.phase === 'done' ? featureSrc : null;
  const playingFeature = feature && src !== null && src === featureSrc;
  const player = useVideo({
    src,
    autoPlay: true,
    startPosition: playingFeature && startAt ? startAt : undefined,
    progress: feature && !prerolling ? { movieId, episodeId: choice.episodeId } : null,
  });
  qualityReport.current = usePlaybackQuality(player.element, player.hls, playingFeature ? src : null);
  // Stopped from another device: the feature's stream is refused, and the player drops it.
  useStreamRefusal(player.hls, playingFeature ? session.refused : undefined);

  // Start over is offered for a feature that went on from a saved position, until it is used (per source).
  const [startedOver, setStartedOver] = useState<string | null>(null);
  const { controls } = player;
  const playing = useRef(player.state.playing);
  playing.current = player.state.playing;
  const startOver =
    playingFeature && startAt && startedOver !== src
      ? () => {
          controls.seekTo(0);
          if (!playing.current) controls.toggle();
          setStartedOver(src);
        }
      : undefined;

  const playbackId = granted ? gate.playbackId : null;
  const castTarget = useMemo<CastTarget | null>(
    () =>
      src && !prerolling
        ? {
            movieId,
            episodeId: choice.episodeId,
            playbackId: playingFeature ? playbackId : null,
            src,
            title,
          }
        : null,
    [src, prerolling, movieId, choice.episodeId, playingFeature, playbackId, title],
  );

  // The audio language chosen for a feature is remembered for the title (its episodes too).
  const rememberAudio = useCallback((language: string) => saveAudioChoice(movieId, language), [movieId]);

  return {
    feature,
    session,
    gate,
    preroll,
    prerolling,
    player,
    playingFeature,
    startOver,
    castTarget,
    rememberAudio: playingFeature ? rememberAudio : undefined,
  };
}
