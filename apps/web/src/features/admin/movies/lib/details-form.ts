import {
  type AgeRating,
  type Collection,
  EDITABLE_STATUSES,
  type Movie,
  type MovieDetailsBody,
  type TitleKind,
} from '@salomtv/contract';

export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/** What the Basic Details form holds (text inputs keep strings until submit). */
export interface DetailsValues {
  title: string;
  genres: string[];
  tags: string[];
  cast: string[];
  description: string;
  tagline: string;
  kind: TitleKind;
  year: string;
  /** null: not set yet (the title stays out of the kids section). */
  age_rating: AgeRating | null;
  release_date: string;
  collections: Collection[];
  featured: boolean;
  /** '' keeps the current status (processing and failed are the pipeline's to set). */
  status: EditableStatus | '';
}

export const isEditableStatus = (status: string): status is EditableStatus =>
  (EDITABLE_STATUSES as readonly string[]).includes(status);

export function valuesFromMovie(movie: Movie): DetailsValues {
  return {
    title: movie.title,
    genres: movie.genres,
    tags: movie.tags,
    cast: movie.cast,
    description: movie.description,
    tagline: movie.tagline,
    kind: movie.kind,
    year: movie.year === null ? '' : String(movie.year),
    age_rating: movie.age_rating,
    release_date: movie.release_date ?? '',
    collections: movie.collections,
    featured: movie.featured,
    status: isEditableStatus(movie.status) ? movie.status : '',
  };
}

/** The `POST /api/movie/details` body, or the errors found before sending it. */
export function detailsBody(
  movieId: number,
  values: DetailsValues,
): { body: MovieDetailsBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = 'Enter the title';
  const yearText = values.year.trim();
  const year = yearText === '' ? null : Number(yearText);
  if (year !== null && !Number.isInteger(year)) errors.year = 'Enter a year such as 2024';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      movie_id: movieId,
      title: values.title.trim(),
      genres: values.genres,
      tags: values.tags,
      cast: values.cast,
      status: values.status,
      description: values.description,
      tagline: values.tagline.trim(),
      kind: values.kind,
      year,
      age_rating: values.age_rating,
      release_date: values.release_date || null,
      collections: values.collections,
      featured: values.featured,
    },
  };
}

/** The server names list items `genres.2`: show them on the list's field. */
export function fieldError(fields: Record<string, string>, name: string): string | undefined {
  if (fields[name]) return fields[name];
  const key = Object.keys(fields).find((field) => field.startsWith(`${name}.`));
  return key ? fields[key] : undefined;
}

/** Splits what was typed or pasted into a chip input ("a, b" -> ["a", "b"]), dropping repeats. */
export function addChips(current: string[], typed: string, max = Number.POSITIVE_INFINITY): string[] {
  const next = [...current];
  for (const part of typed.split(',')) {
    const value = part.trim().replace(/\s+/g, ' ');
    if (!value || next.length >= max) continue;
    if (next.some((chip) => chip.toLowerCase() === value.toLowerCase())) continue;
    next.push(value);
  }
  return next;
}
