import type { Movie } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Select } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { useAddSubtitle, useDeleteSubtitle } from '../api/subtitles';

/** Subtitle files of the title or its episodes: one WebVTT or SRT file per language, listed with Delete. */
export function SubtitlesPanel({ movie }: { movie: Movie }) {
  const languages = useQuery(languageListQuery(''));
  const [language, setLanguage] = useState('');
  const [target, setTarget] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const add = useAddSubtitle();
  const remove = useDeleteSubtitle();
  const toast = useToast();
  const fields = isApiError(add.error) ? add.error.fields : {};
  const episodes = movie.seasons.flatMap((season) => season.episodes);
  const chosenLanguage = language || languages.data?.[0]?.keyword || '';
  const targetName = (episodeId: number | null) => {
    if (episodeId === null) return 'Whole title';
    const episode = episodes.find((item) => item.episode_id === episodeId);
    return episode ? `S${episode.season_number} E${episode.number} ${episode.title}` : `Episode ${episodeId}`;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !chosenLanguage) return;
    add.mutate(
      {
        movieId: movie.movie_id,
        episodeId: target ? Number(target) : undefined,
        language: chosenLanguage,
        file,
      },
      {
        onSuccess: () => {
          toast.show(`${file.name} added`);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="subtitles-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
    >
      <h3 id="subtitles-title" className="text-lg font-semibold">
        Subtitles
      </h3>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 md:grid-cols-[12rem_1fr_1fr_auto] md:items-end"
      >
        <Field id="subtitle-language" label="Language" error={fields.language}>
          <Select
            id="subtitle-language"
            value={chosenLanguage}
            onChange={(event) => setLanguage(event.target.value)}
            disabled={!languages.data}
            {...describedBy('subtitle-language', fields.language)}
          >
            {languages.data?.map((item) => (
              <option key={item.lang_id} value={item.keyword}>
                {item.language_title} ({item.keyword})
              </option>
            ))}
          </Select>
        </Field>
        {movie.kind === 'series' ? (
          <Field id="subtitle-target" label="For" error={fields.episode_id}>
            <Select id="subtitle-target" value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">Whole title</option>
              {episodes.map((episode) => (
                <option key={episode.episode_id} value={episode.episode_id}>
                  {targetName(episode.episode_id)}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <div className="hidden md:block" />
        )}
        <Field id="subtitle-file" label="Subtitle file (.vtt or .srt)" error={fields.file}>
          <input
            id="subtitle-file"
            ref={fileInput}
            type="file"
            accept=".vtt,.srt,text/vtt,application/x-subrip"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-muted file:me-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:text-sm file:font-semibold file:text-text"
            {...describedBy('subtitle-file', fields.file)}
          />
        </Field>
        <Button type="submit" disabled={!file || !chosenLanguage} busy={add.isPending} className="h-11">
          Upload subtitle
        </Button>
      </form>
      {add.isError && Object.keys(fields).length === 0 ? <Alert>{add.error.message}</Alert> : null}
      {languages.isError ? <Alert>{languages.error.message}</Alert> : null}
      {remove.isError ? <Alert>{remove.error.message}</Alert> : null}
      {movie.subtitles.length === 0 ? (
        <p className="text-sm text-muted">No subtitles yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Subtitle files">
          {movie.subtitles.map((subtitle) => (
            <li
              key={subtitle.subtitle_id}
              className="flex items-center justify-between gap-3 px-4 py-2 text-sm"
            >
              <span>
                <span className="font-medium">{subtitle.label}</span>{' '}
                <span className="font-mono text-xs text-muted">{subtitle.language}</span>
                <span className="text-muted"> · {targetName(subtitle.episode_id)}</span>
              </span>
              <Button
                variant="danger"
                size="sm"
                busy={remove.isPending && remove.variables === subtitle.subtitle_id}
                onClick={() => remove.mutate(subtitle.subtitle_id)}
                aria-label={`Delete ${subtitle.label} subtitle`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
