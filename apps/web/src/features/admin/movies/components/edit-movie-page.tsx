import type { MovieListItem } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { useDiscardUntouchedDraft } from '../api/discard-draft';
import { movieDetailQuery } from '../api/movie-detail';
import { DetailsStep } from './details-step';
import { GraphicsStep } from './graphics-step';
import { titleOf } from './movie-row';
import { type EditStep, StepNav } from './step-nav';
import { TranslationsPanel } from './translations-panel';

const backLink = (
  <Link to="/addmovies" className={buttonClasses('secondary', 'sm')}>
    All Movies
  </Link>
);

/**
 * /editmovies?movie_id=…[&step=graphics]: the record comes as navigation state (from the list or from Add
 * movies) and the address keeps movie_id, so a reload or a shared link opens the same title.
 */
export function EditMoviePage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = location.state as { movie?: Pick<MovieListItem, 'movie_id' | 'title'> } | null;
  const movieId = Number(params.get('movie_id') ?? state?.movie?.movie_id);
  const valid = Number.isInteger(movieId) && movieId > 0;
  const step: EditStep = params.get('step') === 'graphics' ? 'graphics' : 'details';
  const detail = useQuery({ ...movieDetailQuery(movieId), enabled: valid });
  const known = detail.data ?? (state?.movie?.movie_id === movieId ? state.movie : undefined);
  useDiscardUntouchedDraft(movieId, valid);

  // Arrived with the record only in navigation state: put its id in the address too.
  useEffect(() => {
    if (valid && !params.get('movie_id'))
      setParams({ movie_id: String(movieId) }, { replace: true, state: location.state });
  }, [valid, params, movieId, setParams, location.state]);

  const goTo = (next: EditStep) => {
    setParams(
      { movie_id: String(movieId), ...(next === 'graphics' ? { step: next } : {}) },
      { state: location.state },
    );
    window.scrollTo({ top: 0 });
  };

  if (!valid) {
    return (
      <>
        <AdminPageHeader title="Edit movie" actions={backLink} />
        <Alert tone="info">Choose a title to edit from All Movies, or add a new one there.</Alert>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader title={known ? `Edit movie: ${titleOf(known)}` : 'Edit movie'} actions={backLink} />
      <StepNav current={step} onStep={goTo} />
      {detail.isPending ? <LoadingState label="Loading the title…" /> : null}
      {detail.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{detail.error.message}</Alert>
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {detail.data && step === 'details' ? (
        <>
          <DetailsStep key={detail.data.movie_id} movie={detail.data} onDone={() => goTo('graphics')} />
          <TranslationsPanel movie={detail.data} />
        </>
      ) : null}
      {detail.data && step === 'graphics' ? (
        <GraphicsStep movie={detail.data} onBack={() => goTo('details')} />
      ) : null}
    </>
  );
}
