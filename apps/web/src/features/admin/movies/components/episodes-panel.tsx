import type { Episode, Movie } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { formatDuration } from '../../../../shared/i18n/format';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { useAddEpisode, useDeleteEpisode } from '../api/episodes';
import { useStoreMovie } from '../api/movie-detail';
import { ImagePicker } from './image-picker';
import { VideoPicker } from './video-picker';

/** Seasons & Episodes of a series: add an episode, upload its video and thumbnail, delete it. */
export function EpisodesPanel({ movie }: { movie: Movie }) {
  const episodes = movie.seasons.flatMap((season) => season.episodes);
  return (
    <section
      aria-labelledby="episodes-title"
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5"
    >
      <h3 id="episodes-title" className="text-lg font-semibold">
        Seasons &amp; Episodes
      </h3>
      <AddEpisodeForm movie={movie} />
      {movie.seasons.length === 0 ? (
        <p className="text-sm text-muted">No episodes yet. A serial plays its episodes: add the first one.</p>
      ) : null}
      {movie.seasons.map((season) => (
        <div key={season.season_id} className="flex flex-col gap-3">
          <h4 className="font-semibold">{season.title || `Season ${season.number}`}</h4>
          <ul className="flex flex-col gap-3">
            {season.episodes.map((episode) => (
              <EpisodeItem key={episode.episode_id} movieId={movie.movie_id} episode={episode} />
            ))}
          </ul>
        </div>
      ))}
      {episodes.length > 0 ? (
        <p className="text-xs text-muted">
          {episodes.length} episode{episodes.length === 1 ? '' : 's'} in {movie.seasons.length} season
          {movie.seasons.length === 1 ? '' : 's'}.
        </p>
      ) : null}
    </section>
  );
}

function AddEpisodeForm({ movie }: { movie: Movie }) {
  const lastSeason = movie.seasons.at(-1)?.number ?? 1;
  const [season, setSeason] = useState(String(lastSeason));
  const [number, setNumber] = useState('');
  const [title, setTitle] = useState('');
  const add = useAddEpisode();
  const toast = useToast();
  const fields = isApiError(add.error) ? add.error.fields : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate(
      {
        movie_id: movie.movie_id,
        season_number: Number.parseInt(season, 10) || 1,
        ...(number.trim() ? { number: Number.parseInt(number, 10) || 1 } : {}),
        title: title.trim(),
      },
      {
        onSuccess: () => {
          toast.show(`Episode ${title.trim()} added`);
          setTitle('');
          setNumber('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Add an episode">
      <div className="grid gap-3 sm:grid-cols-[7rem_7rem_1fr_auto] sm:items-end">
        <Field id="episode-season" label="Season" error={fields.season_number}>
          <Input
            id="episode-season"
            type="number"
            min={1}
            max={100}
            value={season}
            onChange={(event) => setSeason(event.target.value)}
            {...describedBy('episode-season', fields.season_number)}
          />
        </Field>
        <Field id="episode-number" label="Episode" error={fields.number}>
          <Input
            id="episode-number"
            type="number"
            min={1}
            placeholder="next"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            {...describedBy('episode-number', fields.number)}
          />
        </Field>
        <Field id="episode-title" label="Episode title" error={fields.title}>
          <Input
            id="episode-title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            {...describedBy('episode-title', fields.title)}
          />
        </Field>
        <Button type="submit" busy={add.isPending} className="h-11">
          Add episode
        </Button>
      </div>
      {add.isError && Object.keys(fields).length === 0 ? <Alert>{add.error.message}</Alert> : null}
      {add.isError && fields.movie_id ? <Alert>{fields.movie_id}</Alert> : null}
    </form>
  );
}

function EpisodeItem({ movieId, episode }: { movieId: number; episode: Episode }) {
  const [open, setOpen] = useState(!episode.video);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEpisode();
  const store = useStoreMovie();
  const name = `S${episode.season_number} E${episode.number} ${episode.title}`;
  const base = `episode-${episode.episode_id}`;
  return (
    <li className="rounded-md border border-border bg-bg/40 p-4" data-testid={base}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">
            <span className="text-muted">
              S{episode.season_number} · E{episode.number}
            </span>{' '}
            {episode.title}
          </p>
          <p className="text-xs text-muted">
            {episode.video ? `Video ${episode.video.status}` : 'No video yet'}
            {episode.duration ? ` · ${formatDuration(episode.duration, 'en', { precise: true })}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={`${base}-media`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide media' : 'Video & thumbnail'}
          </Button>
          {confirming ? (
            <>
              <Button
                variant="danger"
                size="sm"
                busy={remove.isPending}
                onClick={() => remove.mutate(episode.episode_id)}
              >
                Yes, delete
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button
              variant="danger"
              size="sm"
              aria-label={`Delete ${name}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
      {remove.isError ? (
        <div className="mt-3">
          <Alert>{remove.error.message}</Alert>
        </div>
      ) : null}
      {open ? (
        <div id={`${base}-media`} className="mt-4 grid gap-6 md:grid-cols-[auto_1fr]">
          <ImagePicker
            id={`${base}-thumbnail`}
            slot="thumbnail"
            label="Episode thumbnail"
            hint="2:3"
            movieId={movieId}
            episodeId={episode.episode_id}
            image={episode.thumbnail}
            onUploaded={store}
            compact
          />
          <VideoPicker
            id={`${base}-video`}
            kind="video"
            label="Episode video"
            movieId={movieId}
            episodeId={episode.episode_id}
            asset={episode.video}
          />
        </div>
      ) : null}
    </li>
  );
}
