import type { Movie } from '@salomtv/contract';
import { Link } from 'react-router';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { useStoreMovie } from '../api/movie-detail';
import { AudioTracksPanel } from './audio-tracks-panel';
import { EpisodesPanel } from './episodes-panel';
import { ImagePicker } from './image-picker';
import { PublishBar } from './publish-bar';
import { SubtitlesPanel } from './subtitles-panel';
import { VideoPicker } from './video-picker';

const card = 'rounded-card border border-border bg-surface p-5';

/**
 * Step two, Movies Graphics: thumbnail, banner, trailer and video (or episodes), audio tracks, subtitles,
 * Publish.
 */
export function GraphicsStep({ movie, onBack }: { movie: Movie; onBack: () => void }) {
  const store = useStoreMovie();
  return (
    <section aria-labelledby="graphics-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="graphics-title" className="text-xl font-semibold">
          Movies Graphics
        </h2>
        <p className="text-sm text-muted">
          Movie id <span className="font-mono text-text">{movie.movie_id}</span>
        </p>
      </div>
      <PublishBar movie={movie} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className={card}>
          <ImagePicker
            id="movie-thumbnail"
            slot="thumbnail"
            label="Thumbnail"
            hint="Poster, 2:3 · PNG, JPEG or WebP"
            movieId={movie.movie_id}
            image={movie.thumbnail}
            onUploaded={store}
          />
        </div>
        <div className={card}>
          <ImagePicker
            id="movie-banner"
            slot="banner"
            label="Banner"
            hint="Wide, 16:9 · PNG, JPEG or WebP"
            movieId={movie.movie_id}
            image={movie.banner}
            onUploaded={store}
          />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className={card}>
          <VideoPicker
            id="movie-trailer"
            kind="trailer"
            label="Trailer"
            movieId={movie.movie_id}
            asset={movie.trailer}
          />
        </div>
        <div className={card}>
          {movie.kind === 'movie' ? (
            <VideoPicker
              id="movie-video"
              kind="video"
              label="Video"
              movieId={movie.movie_id}
              asset={movie.video}
            />
          ) : (
            <div className="flex flex-col gap-3">
              <span className="font-semibold">Video</span>
              <Alert tone="info">A serial plays its episodes: add them and upload their videos below.</Alert>
            </div>
          )}
        </div>
      </div>
      {movie.kind === 'series' ? <EpisodesPanel movie={movie} /> : null}
      <AudioTracksPanel movie={movie} />
      <SubtitlesPanel movie={movie} />
      <div className="flex flex-wrap justify-between gap-3 border-t border-border pt-4">
        <Button variant="secondary" onClick={onBack}>
          Back to Basic Details
        </Button>
        <Link to="/addmovies" className={buttonClasses('primary', 'md')}>
          Done
        </Link>
      </div>
    </section>
  );
}
