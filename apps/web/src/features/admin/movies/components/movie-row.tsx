import type { MovieListItem } from '@salomtv/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { formatBytes } from '../../../../shared/ui/format-bytes';
import { StatusBadge } from './status-badge';

interface MovieRowProps {
  movie: MovieListItem;
  deleting: boolean;
  onDelete: (movie: MovieListItem) => void;
}

export const titleOf = (movie: { title: string; movie_id: number }) =>
  movie.title || `Untitled #${movie.movie_id}`;

/** One title: poster, title, quality, cast, tags, size, status, Edit and Delete (with a confirmation). */
export function MovieRow({ movie, deleting, onDelete }: MovieRowProps) {
  const [confirming, setConfirming] = useState(false);
  const name = titleOf(movie);
  return (
    <tr className="border-t border-border align-top">
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          {movie.thumbnail ? (
            <img
              src={movie.thumbnail.url}
              srcSet={movie.thumbnail.srcset}
              sizes="40px"
              alt=""
              className="h-14 w-10 shrink-0 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span className="h-14 w-10 shrink-0 rounded bg-surface-2" aria-hidden />
          )}
          <div className="min-w-0">
            <p className={`font-medium ${movie.title ? '' : 'text-muted italic'}`}>{name}</p>
            <p className="text-xs text-muted">
              {movie.kind === 'series' ? 'Series' : 'Movie'}
              {movie.year ? ` · ${movie.year}` : ''}
              {movie.featured ? ' · Featured' : ''}
            </p>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">{movie.quality ?? '—'}</td>
      <td className="max-w-56 px-4 py-3 text-muted">{movie.cast.join(', ') || '—'}</td>
      <td className="max-w-48 px-4 py-3 text-muted">{movie.tags.join(', ') || '—'}</td>
      <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatBytes(movie.size)}</td>
      <td className="px-4 py-3">
        <StatusBadge status={movie.status} progress={movie.progress} reason={movie.failure_reason} />
      </td>
      <td className="px-4 py-3">
        {confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Delete {name} and all its media?</span>
            <Button variant="danger" size="sm" busy={deleting} onClick={() => onDelete(movie)}>
              Yes, delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <Link
              to={`/editmovies?movie_id=${movie.movie_id}`}
              state={{ movie }}
              className={buttonClasses('secondary', 'sm')}
              aria-label={`Edit ${name}`}
            >
              Edit
            </Link>
            <Button
              variant="danger"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
