import { type Movie, publishBlocker } from '@salomtv/contract';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { useToast } from '../../../../shared/ui/toast-context';
import { useSaveDetails } from '../api/save-details';
import { StatusBadge } from './status-badge';

const NEXT_STEP: Record<Movie['status'], string> = {
  draft: 'Upload the video to make the title ready.',
  processing: 'The video is being transcoded; the title becomes ready when it is done.',
  ready: 'Ready to publish: viewers see the title once it is published.',
  published: 'Viewers can find and watch this title.',
  archived: 'Archived: hidden from viewers.',
  failed: 'A video could not be transcoded: upload it again.',
};

/**
 * The title's status with Publish or Unpublish, through `POST /api/movie/details`. Publish is offered by the
 * rule the server enforces (`publishBlocker`): a title is published once it can be played.
 */
export function PublishBar({ movie }: { movie: Movie }) {
  const blocker = publishBlocker(movie, new Date().toISOString().slice(0, 10));
  const canPublish = (movie.status === 'ready' || movie.status === 'draft') && blocker === null;
  const save = useSaveDetails();
  const toast = useToast();
  const setStatus = (status: 'published' | 'ready') =>
    save.mutate(
      { movie_id: movie.movie_id, title: movie.title, status },
      { onSuccess: () => toast.show(status === 'published' ? 'Published' : 'Unpublished') },
    );
  const fieldErrors = isApiError(save.error) ? Object.values(save.error.fields) : [];
  return (
    <div
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
      data-testid="publish-bar"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-muted">Status</span>
          <StatusBadge status={movie.status} progress={movie.progress} reason={movie.failure_reason} />
          <span className="text-sm text-muted" data-testid="publish-next-step">
            {(movie.status === 'ready' || movie.status === 'draft') && blocker
              ? `${blocker}.`
              : NEXT_STEP[movie.status]}
          </span>
        </div>
        {canPublish ? (
          <Button onClick={() => setStatus('published')} busy={save.isPending}>
            Publish
          </Button>
        ) : null}
        {movie.status === 'published' ? (
          <Button variant="secondary" onClick={() => setStatus('ready')} busy={save.isPending}>
            Unpublish
          </Button>
        ) : null}
      </div>
      {save.isError ? <Alert>{[save.error.message, ...fieldErrors].join('. ')}</Alert> : null}
    </div>
  );
}
