import type { AudioTrack, Movie } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { Alert } from '../../../../shared/ui/alert';
import { Field } from '../../../../shared/ui/field';
import { Select } from '../../../../shared/ui/input';
import { useOrderAudioTracks, useUpdateAudioTrack } from '../api/audio-tracks';
import { languageChoices, type MoveDirection, movedOrder, tracksOf } from '../lib/audio-tracks';
import { AddAudioTrackForm } from './add-audio-track-form';
import { AudioTrackRow, moveButtonId } from './audio-track-row';

const EMPTY = "No audio tracks yet: the video's own sound becomes the first when it is converted.";

/**
 * The sound tracks of the title's video (a serial: of each episode's), in the player's menu order: the
 * video's own sound and uploaded dubs, each with its label, language and encoding; one is the original.
 */
export function AudioTracksPanel({ movie }: { movie: Movie }) {
  const languages = useQuery(languageListQuery(''));
  const order = useOrderAudioTracks();
  const makeOriginal = useUpdateAudioTrack();
  const [chosenEpisode, setChosenEpisode] = useState('');
  const [uploading, setUploading] = useState(false);
  // The track just moved: its button gets focus back once the list shows the new order.
  const [moved, setMoved] = useState<{ trackId: number; direction: MoveDirection; index: number } | null>(
    null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const series = movie.kind === 'series';
  const episodes = movie.seasons.flatMap((season) => season.episodes);
  const episode = series
    ? (episodes.find((item) => String(item.episode_id) === chosenEpisode) ?? episodes[0])
    : undefined;
  const episodeId = episode?.episode_id ?? null;
  const video = series ? (episode?.video ?? null) : movie.video;
  const tracks = tracksOf(movie.audio_tracks, episodeId);
  const targetKey = episodeId === null ? 'title' : `episode-${episodeId}`;
  const siteLanguages = languages.data ?? [];
  const movedIndex = moved ? tracks.findIndex((track) => track.track_id === moved.trackId) : -1;
  const savedOriginal = tracks.find((track) => track.is_default)?.track_id ?? null;
  // The radio just chosen stays on until the server's answer names the new original (or refuses).
  const [chosenOriginal, setChosenOriginal] = useState<number | null>(null);
  const [seenOriginal, setSeenOriginal] = useState(savedOriginal);
  if (seenOriginal !== savedOriginal) {
    setSeenOriginal(savedOriginal);
    setChosenOriginal(null);
  }
  const original = tracks.some((track) => track.track_id === chosenOriginal) ? chosenOriginal : savedOriginal;

  useEffect(() => {
    if (!moved || movedIndex !== moved.index) return;
    const ownButton = document.getElementById(moveButtonId(moved.trackId, moved.direction));
    const otherDirection = moved.direction === 'up' ? 'down' : 'up';
    const usable = ownButton instanceof HTMLButtonElement && !ownButton.disabled;
    (usable ? ownButton : document.getElementById(moveButtonId(moved.trackId, otherDirection)))?.focus();
    setMoved(null);
  }, [moved, movedIndex]);

  const chooseOriginal = (track: AudioTrack) => {
    setChosenOriginal(track.track_id);
    makeOriginal.mutate(
      { track_id: track.track_id, is_default: true },
      { onError: () => setChosenOriginal(null) },
    );
  };

  const move = (track: AudioTrack, direction: MoveDirection) => {
    if (order.isPending) return;
    const next = movedOrder(
      tracks.map((item) => item.track_id),
      track.track_id,
      direction,
    );
    if (!next) return;
    order.mutate(
      {
        movie_id: movie.movie_id,
        ...(episodeId === null ? {} : { episode_id: episodeId }),
        track_ids: next,
      },
      {
        onSuccess: () =>
          setMoved({ trackId: track.track_id, direction, index: next.indexOf(track.track_id) }),
      },
    );
  };

  return (
    <section
      aria-labelledby="audio-tracks-title"
      data-testid="audio-tracks-panel"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id="audio-tracks-title" ref={heading} tabIndex={-1} className="text-lg font-semibold">
          Audio tracks
        </h3>
        <p className="text-sm text-muted">
          The player's audio menu lists them in this order. The original plays when the viewer's language has
          no track of its own.
        </p>
      </div>
      {series ? (
        episodes.length === 0 ? (
          <Alert tone="info">Add an episode first: each episode's video has its own audio tracks.</Alert>
        ) : (
          <Field id="audio-target" label="Tracks of episode">
            <Select
              id="audio-target"
              value={String(episodeId)}
              disabled={uploading}
              onChange={(event) => setChosenEpisode(event.target.value)}
              className="md:max-w-md"
            >
              {episodes.map((item) => (
                <option key={item.episode_id} value={item.episode_id}>
                  {`S${item.season_number} E${item.number} ${item.title}`}
                </option>
              ))}
            </Select>
          </Field>
        )
      ) : null}
      {series && episodes.length === 0 ? null : (
        <>
          {languages.isError ? <Alert>{languages.error.message}</Alert> : null}
          {order.isError ? <Alert>{order.error.message}</Alert> : null}
          {makeOriginal.isError ? <Alert>{makeOriginal.error.message}</Alert> : null}
          {tracks.length === 0 ? (
            <p className="text-sm text-muted">{EMPTY}</p>
          ) : (
            <ol className="divide-y divide-border rounded-md border border-border" aria-label="Audio tracks">
              {tracks.map((track, index) => (
                <AudioTrackRow
                  key={track.track_id}
                  track={track}
                  first={index === 0}
                  last={index === tracks.length - 1}
                  originalGroup={`audio-original-${targetKey}`}
                  isOriginal={track.track_id === original}
                  onChooseOriginal={chooseOriginal}
                  languages={languageChoices(siteLanguages, track.language, true)}
                  onMove={move}
                  onDeleted={() => heading.current?.focus()}
                />
              ))}
            </ol>
          )}
          <AddAudioTrackForm
            key={targetKey}
            movieId={movie.movie_id}
            episodeId={episodeId}
            hasVideo={video !== null && video.status !== 'failed'}
            languages={siteLanguages}
            usedLanguages={tracks.map((track) => track.language.toLowerCase())}
            onUploadingChange={setUploading}
          />
        </>
      )}
    </section>
  );
}
