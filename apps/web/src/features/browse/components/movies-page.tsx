import { PAINTED_SECTIONS } from '@salomtv/contract';
import { browseFilters } from '../../../shared/api/catalog';
import { BrowsePage } from './browse-page';

/** Movies (/movies, spec viewer 7): the rows of films. */
export function MoviesPage() {
  return <BrowsePage title={PAINTED_SECTIONS['/movies'].title} filters={browseFilters.movies} />;
}
