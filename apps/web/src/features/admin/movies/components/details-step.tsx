import {
  AGE_RATINGS,
  COLLECTIONS,
  type Collection,
  EDITABLE_STATUSES,
  englishTexts,
  type Movie,
  publishBlocker,
  SUGGESTED_GENRES,
  TITLE_KINDS,
} from '@salomtv/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select } from '../../../../shared/ui/input';
import { RichTextEditor } from '../../../../shared/ui/rich-text-editor';
import { useToast } from '../../../../shared/ui/toast-context';
import { useSaveDetails } from '../api/save-details';
import { type DetailsValues, detailsBody, fieldError, valuesFromMovie } from '../lib/details-form';
import { ChipInput } from './chip-input';

interface DetailsStepProps {
  movie: Movie;
  onDone: () => void;
}

/** Step one, Basic Details: Next saves through `POST /api/movie/details`, waits, then moves on. */
export function DetailsStep({ movie, onDone }: DetailsStepProps) {
  const [values, setValues] = useState<DetailsValues>(() => valuesFromMovie(movie));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useSaveDetails();
  const toast = useToast();
  const errorBox = useRef<HTMLDivElement>(null);
  const serverError = isApiError(save.error) ? save.error : null;
  const errors = { ...(serverError?.fields ?? {}), ...localErrors };
  const error = (name: string) => fieldError(errors, name);
  const set = <K extends keyof DetailsValues>(name: K, value: DetailsValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  useEffect(() => {
    if (save.error || Object.keys(localErrors).length > 0) errorBox.current?.focus();
  }, [save.error, localErrors]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = detailsBody(movie.movie_id, values);
    if (result.errors) {
      setLocalErrors(result.errors);
      return;
    }
    setLocalErrors({});
    save.mutate(result.body, {
      onSuccess: (reply) => {
        toast.show(reply.message);
        onDone();
      },
    });
  };
  const toggleCollection = (collection: Collection, on: boolean) =>
    set(
      'collections',
      on ? [...values.collections, collection] : values.collections.filter((item) => item !== collection),
    );
  const statusOptions = values.status === '' ? ['', ...EDITABLE_STATUSES] : EDITABLE_STATUSES;
  // The server refuses to publish what cannot be played yet; the option says why instead of being offered.
  const publishBlocked =
    movie.status !== 'published'
      ? publishBlocker(
          { ...movie, kind: values.kind, release_date: values.release_date || null },
          new Date().toISOString().slice(0, 10),
        )
      : null;
  const hasErrors = Boolean(save.error) || Object.keys(localErrors).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="details-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="details-title" className="text-xl font-semibold">
          Basic Details
        </h2>
        <p className="text-sm text-muted">
          Movie id{' '}
          <span className="font-mono text-text" data-testid="movie-id">
            {movie.movie_id}
          </span>
        </p>
      </div>
      {hasErrors ? (
        <div ref={errorBox} tabIndex={-1} className="focus:outline-none">
          <Alert>
            {Object.keys(localErrors).length > 0
              ? 'Check the highlighted fields.'
              : (save.error?.message ?? 'The details could not be saved.')}
          </Alert>
        </div>
      ) : null}

      <section className="grid gap-5 rounded-card border border-border bg-surface p-5 md:grid-cols-2">
        <Field id="movie-title" label="Title" error={error('title')} className="md:col-span-2">
          <Input
            id="movie-title"
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            maxLength={200}
            {...describedBy('movie-title', error('title'))}
          />
        </Field>
        <Field id="movie-tagline" label="Tagline" error={error('tagline')} className="md:col-span-2">
          <Input
            id="movie-tagline"
            value={values.tagline}
            onChange={(event) => set('tagline', event.target.value)}
            maxLength={150}
            placeholder="One line under the title, such as: Every ship keeps a secret."
            {...describedBy('movie-tagline', error('tagline'))}
          />
        </Field>
        <ChipInput
          id="movie-genres"
          label="Genres"
          values={values.genres}
          onChange={(next) => set('genres', next)}
          placeholder="Thriller, Drama…"
          suggestions={SUGGESTED_GENRES}
          max={10}
          error={error('genres')}
        />
        <ChipInput
          id="movie-tags"
          label="Tags"
          values={values.tags}
          onChange={(next) => set('tags', next)}
          placeholder="heist, based on a true story…"
          max={20}
          error={error('tags')}
        />
        <div className="md:col-span-2">
          <ChipInput
            id="movie-cast"
            label="Cast"
            values={values.cast}
            onChange={(next) => set('cast', next)}
            placeholder="Names of the actors"
            max={50}
            error={error('cast')}
          />
        </div>
        <div className="md:col-span-2">
          <RichTextEditor
            id="movie-description"
            label="Content"
            value={values.description}
            onChange={(html) => set('description', html)}
            error={error('description')}
          />
        </div>
      </section>

      <section className="grid gap-5 rounded-card border border-border bg-surface p-5 sm:grid-cols-2 lg:grid-cols-3">
        <Field id="movie-kind" label="Kind" error={error('kind')}>
          <Select
            id="movie-kind"
            value={values.kind}
            onChange={(event) => set('kind', event.target.value === 'series' ? 'series' : 'movie')}
            {...describedBy('movie-kind', error('kind'))}
          >
            {TITLE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind === 'movie' ? 'Movie' : 'Series'}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="movie-year" label="Year" error={error('year')}>
          <Input
            id="movie-year"
            inputMode="numeric"
            value={values.year}
            onChange={(event) => set('year', event.target.value)}
            placeholder="2024"
            maxLength={4}
            {...describedBy('movie-year', error('year'))}
          />
        </Field>
        <Field id="movie-age" label="Age rating" error={error('age_rating')}>
          <Select
            id="movie-age"
            value={values.age_rating ?? ''}
            onChange={(event) =>
              set('age_rating', AGE_RATINGS.find((rating) => rating === event.target.value) ?? null)
            }
          >
            <option value="">Not set</option>
            {AGE_RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="movie-release"
          label="Release date"
          error={error('release_date')}
          hint="A future date lists the title as Upcoming."
        >
          <Input
            id="movie-release"
            type="date"
            value={values.release_date}
            onChange={(event) => set('release_date', event.target.value)}
            {...describedBy('movie-release', error('release_date'), 'hint')}
          />
        </Field>
        <Field
          id="movie-status"
          label="Status"
          error={error('status')}
          hint={
            publishBlocked
              ? `Processing and failed are set by the video pipeline. ${publishBlocked}.`
              : 'Processing and failed are set by the video pipeline.'
          }
        >
          <Select
            id="movie-status"
            value={values.status}
            onChange={(event) =>
              set('status', EDITABLE_STATUSES.find((status) => status === event.target.value) ?? '')
            }
            className="capitalize"
            {...describedBy('movie-status', error('status'), 'hint')}
          >
            {statusOptions.map((status) => (
              <option
                key={status}
                value={status}
                disabled={status === 'published' && publishBlocked !== null}
              >
                {status || `${movie.status} (keep)`}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-center gap-2 self-end pb-2.5">
          <input
            id="movie-featured"
            type="checkbox"
            checked={values.featured}
            onChange={(event) => set('featured', event.target.checked)}
            className="size-4 accent-brand"
          />
          <label htmlFor="movie-featured" className="text-sm font-medium">
            Featured
          </label>
        </div>
        <fieldset className="sm:col-span-2 lg:col-span-3">
          <legend className="mb-2 text-sm font-medium">Collections</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {COLLECTIONS.map((collection) => (
              <label key={collection} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="collections"
                  value={collection}
                  checked={values.collections.includes(collection)}
                  onChange={(event) => toggleCollection(collection, event.target.checked)}
                  className="size-4 accent-brand"
                />
                {englishTexts[collection]}
              </label>
            ))}
          </div>
          {error('collections') ? (
            <p className="mt-1 text-sm text-danger" role="alert">
              {error('collections')}
            </p>
          ) : null}
        </fieldset>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex justify-end border-t border-border bg-bg/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <Button type="submit" size="lg" busy={save.isPending}>
          Next
        </Button>
      </div>
    </form>
  );
}
