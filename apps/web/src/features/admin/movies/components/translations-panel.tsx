import type {
  Episode,
  EpisodeTranslation,
  LanguageSummary,
  Movie,
  TitleTranslation,
} from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input } from '../../../../shared/ui/input';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { RichTextEditor } from '../../../../shared/ui/rich-text-editor';
import { useToast } from '../../../../shared/ui/toast-context';
import {
  episodeTranslationsQuery,
  translationsQuery,
  useChangeEpisodeTranslation,
  useChangeTranslation,
} from '../api/translations';

const sameKeyword = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The title's texts per language, a tab each: what viewers who chose that language see instead of the title and
 * description above. Tabs without a translation say "missing".
 */
export function TranslationsPanel({ movie }: { movie: Movie }) {
  const languages = useQuery(languageListQuery(''));
  const translations = useQuery(translationsQuery(movie.movie_id));
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const list = languages.data ?? [];
  const active = list.find((language) => sameKeyword(language.keyword, chosen)) ?? list[0];
  const translationOf = (keyword: string) =>
    translations.data?.find((translation) => sameKeyword(translation.language, keyword));
  const done = list.filter((language) => translationOf(language.keyword)).length;
  const missing = list.filter((language) => !translationOf(language.keyword));

  // Arrow keys move between the tabs, as in every tab list.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step || list.length === 0) return;
    event.preventDefault();
    const direction = getComputedStyle(event.currentTarget).direction === 'rtl' ? -step : step;
    const next = list[(index + direction + list.length) % list.length]!;
    setChosen(next.keyword);
    document.getElementById(`translation-tab-${next.keyword}`)?.focus();
  };

  return (
    <section
      aria-labelledby="translations-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="translations-title" className="text-lg font-semibold">
          Translations
        </h3>
        {languages.data && translations.data ? (
          <p className="text-sm text-muted" data-testid="translations-count">
            {done} of {list.length} languages translated
          </p>
        ) : null}
      </div>
      <p className="text-sm text-muted">
        Viewers who chose a language see the title and description in it; where it has none, they see them as
        written above.
      </p>
      {translations.data && missing.length > 0 ? (
        <p className="text-sm" data-testid="translations-missing">
          Missing:{' '}
          {missing.map((language, index) => (
            <span key={language.lang_id}>
              {index > 0 ? ', ' : ''}
              <bdi>{language.language_title}</bdi>
            </span>
          ))}
        </p>
      ) : null}
      <div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls="translation-tabs"
          onClick={() => setOpen((now) => !now)}
        >
          {open ? 'Close translations' : 'Edit translations'}
        </Button>
      </div>
      {languages.isError ? <Alert>{languages.error.message}</Alert> : null}
      {translations.isError ? <Alert>{translations.error.message}</Alert> : null}
      {languages.isPending || translations.isPending ? (
        <LoadingState label="Loading the translations…" />
      ) : null}
      <div id="translation-tabs" hidden={!open} className="flex flex-col gap-4">
        {open && active && translations.data ? (
          <>
            <div role="tablist" aria-label="Languages" className="flex flex-wrap gap-2">
              {list.map((language, index) => {
                const selected = language.keyword === active.keyword;
                const missing = !translationOf(language.keyword);
                return (
                  <button
                    key={language.lang_id}
                    type="button"
                    role="tab"
                    id={`translation-tab-${language.keyword}`}
                    aria-selected={selected}
                    aria-controls="translation-panel"
                    tabIndex={selected ? 0 : -1}
                    onClick={() => setChosen(language.keyword)}
                    onKeyDown={(event) => onTabKey(event, index)}
                    className={`flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm ${
                      selected
                        ? 'border-brand bg-surface-2 font-semibold'
                        : 'border-border hover:border-muted'
                    }`}
                  >
                    <bdi>{language.language_title}</bdi>
                    {missing ? (
                      <span className="rounded bg-focus/15 px-1.5 text-xs text-focus">missing</span>
                    ) : null}
                  </button>
                );
              })}
            </div>
            <div
              role="tabpanel"
              id="translation-panel"
              aria-labelledby={`translation-tab-${active.keyword}`}
              className="flex flex-col gap-4"
            >
              <TranslationForm
                key={`${active.keyword}|${translationOf(active.keyword)?.updated_at ?? ''}`}
                movieId={movie.movie_id}
                cast={movie.cast}
                language={active}
                saved={translationOf(active.keyword)}
              />
              {movie.kind === 'series' ? <EpisodeTranslations movie={movie} language={active} /> : null}
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}

function TranslationForm({
  movieId,
  cast,
  language,
  saved,
}: {
  movieId: number;
  /** The title's cast as written: one field each for its spelling in this language. */
  cast: readonly string[];
  language: LanguageSummary;
  saved: TitleTranslation | undefined;
}) {
  const [title, setTitle] = useState(saved?.title ?? '');
  const [description, setDescription] = useState(saved?.description ?? '');
  const [tagline, setTagline] = useState(saved?.tagline ?? '');
  const [castNames, setCastNames] = useState<string[]>(cast.map((_, i) => saved?.cast[i] ?? ''));
  const change = useChangeTranslation(movieId);
  const toast = useToast();
  const fields = isApiError(change.error) ? change.error.fields : {};
  const titleError = fields.title ?? (change.isError && !title.trim() ? 'Enter the title' : undefined);
  const id = `translation-${language.keyword}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate(
      {
        remove: false,
        body: { movie_id: movieId, language: language.keyword, title, description, tagline, cast: castNames },
      },
      { onSuccess: () => toast.show(`Saved in ${language.language_title}`) },
    );
  };
  const remove = () =>
    change.mutate(
      { remove: true, language: language.keyword },
      { onSuccess: () => toast.show(`Translation into ${language.language_title} removed`) },
    );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" dir={language.dir}>
      <Field id={`${id}-title`} label={`Title in ${language.language_title}`} error={titleError}>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          {...describedBy(`${id}-title`, titleError)}
        />
      </Field>
      <Field id={`${id}-tagline`} label={`Tagline in ${language.language_title}`} error={fields.tagline}>
        <Input
          id={`${id}-tagline`}
          value={tagline}
          maxLength={150}
          onChange={(event) => setTagline(event.target.value)}
          {...describedBy(`${id}-tagline`, fields.tagline)}
        />
      </Field>
      <RichTextEditor
        id={`${id}-description`}
        label={`Description in ${language.language_title}`}
        value={description}
        onChange={setDescription}
        error={fields.description}
      />
      {cast.length > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">Cast as written in {language.language_title}</legend>
          <p className="text-sm text-muted">Leave a name empty where it is written as in the cast above.</p>
          <div className="grid gap-3 md:grid-cols-2">
            {cast.map((name, i) => (
              <Field key={name} id={`${id}-cast-${i}`} label={name}>
                <Input
                  id={`${id}-cast-${i}`}
                  value={castNames[i] ?? ''}
                  maxLength={100}
                  placeholder={name}
                  onChange={(event) =>
                    setCastNames((names) => names.map((old, at) => (at === i ? event.target.value : old)))
                  }
                />
              </Field>
            ))}
          </div>
        </fieldset>
      ) : null}
      {change.isError && Object.keys(fields).length === 0 ? <Alert>{change.error.message}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={change.isPending && !change.variables?.remove}>
          Save translation
        </Button>
        {saved ? (
          <Button
            type="button"
            variant="secondary"
            onClick={remove}
            busy={change.isPending && change.variables?.remove}
          >
            Remove translation
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Each episode's title and description in the chosen language, saved one episode at a time. */
function EpisodeTranslations({ movie, language }: { movie: Movie; language: LanguageSummary }) {
  const translations = useQuery(episodeTranslationsQuery(movie.movie_id));
  const episodes = movie.seasons.flatMap((season) => season.episodes);
  if (episodes.length === 0) return null;
  const savedOf = (episodeId: number) =>
    translations.data?.find(
      (row) => row.episode_id === episodeId && sameKeyword(row.language, language.keyword),
    );
  return (
    <section aria-labelledby="episode-translations-title" className="flex flex-col gap-3">
      <h4 id="episode-translations-title" className="font-semibold">
        Episodes in <bdi>{language.language_title}</bdi>
      </h4>
      {translations.isError ? <Alert>{translations.error.message}</Alert> : null}
      {translations.isPending ? <LoadingState label="Loading the episodes’ translations…" /> : null}
      {translations.data
        ? episodes.map((episode) => (
            <EpisodeTranslationForm
              key={`${episode.episode_id}|${language.keyword}|${savedOf(episode.episode_id)?.updated_at ?? ''}`}
              movieId={movie.movie_id}
              episode={episode}
              language={language}
              saved={savedOf(episode.episode_id)}
            />
          ))
        : null}
    </section>
  );
}

function EpisodeTranslationForm({
  movieId,
  episode,
  language,
  saved,
}: {
  movieId: number;
  episode: Episode;
  language: LanguageSummary;
  saved: EpisodeTranslation | undefined;
}) {
  const [title, setTitle] = useState(saved?.title ?? '');
  const [description, setDescription] = useState(saved?.description ?? '');
  const change = useChangeEpisodeTranslation(movieId);
  const toast = useToast();
  const fields = isApiError(change.error) ? change.error.fields : {};
  const id = `episode-${episode.episode_id}-${language.keyword}`;
  const name = `S${episode.season_number} E${episode.number}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate(
      {
        remove: false,
        body: { episode_id: episode.episode_id, language: language.keyword, title, description },
      },
      { onSuccess: () => toast.show(`${name} saved in ${language.language_title}`) },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border border-border p-3 md:grid-cols-[1fr_2fr_auto] md:items-end"
      dir={language.dir}
      data-testid="episode-translation"
    >
      <Field id={`${id}-title`} label={`${name} title (${episode.title})`} error={fields.title}>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          placeholder={episode.title}
          onChange={(event) => setTitle(event.target.value)}
          {...describedBy(`${id}-title`, fields.title)}
        />
      </Field>
      <Field id={`${id}-description`} label={`${name} description`} error={fields.description}>
        <Input
          id={`${id}-description`}
          value={description}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
          {...describedBy(`${id}-description`, fields.description)}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" busy={change.isPending && !change.variables?.remove}>
          Save
        </Button>
        {saved ? (
          <Button
            type="button"
            variant="secondary"
            busy={change.isPending && change.variables?.remove}
            onClick={() =>
              change.mutate(
                { remove: true, episodeId: episode.episode_id, language: language.keyword },
                { onSuccess: () => toast.show(`${name} back to its own texts`) },
              )
            }
          >
            Remove
          </Button>
        ) : null}
      </div>
      {change.isError && Object.keys(fields).length === 0 ? (
        <div className="md:col-span-3">
          <Alert>{change.error.message}</Alert>
        </div>
      ) : null}
    </form>
  );
}
