import { displayGenre, type GenreNames, type LanguageSummary } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { Input } from '../../../../shared/ui/input';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { useToast } from '../../../../shared/ui/toast-context';
import { genreNamesQuery, useSaveGenreNames } from '../api/genre-names';

/**
 * /genres: every genre the titles carry, with its name in each site language. Viewers see a genre in their
 * language where it has a name there, else as the titles write it.
 */
export function GenresPage() {
  const languages = useQuery(languageListQuery(''));
  const genres = useQuery(genreNamesQuery());

  if (languages.isPending || genres.isPending) return <LoadingState label="Loading the genres…" />;
  if (languages.isError || genres.isError) {
    return (
      <>
        <AdminPageHeader title="Genres" />
        <Alert>{(languages.error ?? genres.error)?.message}</Alert>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader title="Genres" />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        Viewers see each genre in their language where it has a name in it; an empty name shows the genre as
        the titles write it.
      </p>
      {genres.data.length === 0 ? (
        <Alert tone="info">No title has a genre yet.</Alert>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Genres">
          {genres.data.map((genre) => (
            <GenreRow
              key={`${genre.genre}|${JSON.stringify(genre.names)}`}
              genre={genre}
              languages={languages.data}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function GenreRow({ genre, languages }: { genre: GenreNames; languages: LanguageSummary[] }) {
  const [names, setNames] = useState<Record<string, string>>(genre.names);
  const save = useSaveGenreNames();
  const toast = useToast();
  const fields = isApiError(save.error) ? save.error.fields : {};
  const changed = languages.filter(
    (language) => (names[language.keyword] ?? '').trim() !== (genre.names[language.keyword] ?? ''),
  );
  const headingId = `genre-${genre.genre}`;
  const shown = displayGenre(genre.genre);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      changed.map((language) => ({
        genre: genre.genre,
        language: language.keyword,
        name: (names[language.keyword] ?? '').trim(),
      })),
      { onSuccess: () => toast.show(`Saved the names of ${shown}`) },
    );
  };

  return (
    <li className="rounded-card border border-border bg-surface p-4">
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          {shown}{' '}
          <span className="text-sm font-normal text-muted">
            ({genre.titles} {genre.titles === 1 ? 'title' : 'titles'})
          </span>
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {languages.map((language) => {
            const id = `${headingId}-${language.keyword}`;
            return (
              <label key={language.lang_id} htmlFor={id} className="flex flex-col gap-1 text-sm">
                <bdi className="text-muted">{language.language_title}</bdi>
                <Input
                  id={id}
                  dir={language.dir}
                  maxLength={40}
                  value={names[language.keyword] ?? ''}
                  placeholder={shown}
                  onChange={(event) =>
                    setNames((now) => ({ ...now, [language.keyword]: event.target.value }))
                  }
                />
              </label>
            );
          })}
        </div>
        {save.isError ? <Alert>{fields.name ?? save.error.message}</Alert> : null}
        <div>
          <Button type="submit" size="sm" disabled={changed.length === 0} busy={save.isPending}>
            Save {shown}
          </Button>
        </div>
      </form>
    </li>
  );
}
