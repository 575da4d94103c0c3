import type { Movie } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { addChips, detailsBody, fieldError, valuesFromMovie } from './details-form';

const movie = {
  movie_id: 7,
  title: 'Night Train',
  description: '<p>A <strong>thriller</strong></p>',
  tagline: 'Last stop: the truth.',
  kind: 'movie',
  genres: ['Thriller'],
  tags: ['train'],
  cast: ['Ann Lee'],
  status: 'processing',
  year: 2021,
  age_rating: '16+',
  release_date: null,
  collections: ['hollywood_movies'],
  featured: true,
} as unknown as Movie;

describe('details form', () => {
  it('reads a movie and sends it back, keeping the status the pipeline set', () => {
    const values = valuesFromMovie(movie);
    expect(values).toMatchObject({ year: '2021', release_date: '', status: '' });
    const { body } = detailsBody(7, { ...values, title: '  Night Train 2 ', year: '2022' });
    expect(body).toMatchObject({
      movie_id: 7,
      title: 'Night Train 2',
      tagline: 'Last stop: the truth.',
      year: 2022,
      status: '',
      release_date: null,
      collections: ['hollywood_movies'],
      featured: true,
    });
  });

  it('keeps an age rating that is not set as null, and sends the one chosen', () => {
    const unrated = valuesFromMovie({ ...movie, age_rating: null });
    expect(unrated.age_rating).toBeNull();
    expect(detailsBody(7, unrated).body?.age_rating).toBeNull();
    expect(detailsBody(7, { ...unrated, age_rating: '7+' }).body?.age_rating).toBe('7+');
  });

  it('refuses an empty title and a year that is not a number before sending', () => {
    const result = detailsBody(7, { ...valuesFromMovie(movie), title: ' ', year: '20x1' });
    expect(result.errors).toEqual({ title: 'Enter the title', year: 'Enter a year such as 2024' });
    expect(detailsBody(7, { ...valuesFromMovie(movie), year: '' }).body?.year).toBeNull();
  });

  it('finds list item errors under the list name', () => {
    expect(fieldError({ 'genres.1': 'At most 40 characters' }, 'genres')).toBe('At most 40 characters');
    expect(fieldError({ title: 'Enter the title' }, 'title')).toBe('Enter the title');
    expect(fieldError({}, 'cast')).toBeUndefined();
  });

  it('adds chips from typed and pasted text without repeats', () => {
    expect(addChips(['Drama'], 'crime, drama ,  Film  noir,')).toEqual(['Drama', 'crime', 'Film noir']);
    expect(addChips(['a'], 'b,c', 2)).toEqual(['a', 'b']);
  });
});
