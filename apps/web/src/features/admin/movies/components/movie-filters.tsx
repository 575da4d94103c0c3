import { TITLE_KINDS, TITLE_STATUSES } from '@salomtv/contract';
import { FilterRow, FilterSelect, SearchBox } from '../../../../shared/ui/list-filters';

const STATUSES = TITLE_STATUSES.map((value) => ({ value, label: value }));
const KINDS = TITLE_KINDS.map((value) => ({ value, label: value === 'movie' ? 'Movies' : 'Series' }));

interface MovieFiltersProps {
  search: string;
  status: string;
  kind: string;
  onSearch: (value: string) => void;
  onStatus: (value: string) => void;
  onKind: (value: string) => void;
}

/** Search by title, cast, genre or tag, and the status and kind filters. */
export function MovieFilters({ search, status, kind, onSearch, onStatus, onKind }: MovieFiltersProps) {
  return (
    <FilterRow>
      <SearchBox
        id="movie-search"
        label="Search movies"
        placeholder="Search by title, cast, genre or tag"
        value={search}
        onChange={onSearch}
      />
      <FilterSelect
        id="movie-status-filter"
        label="Status"
        value={status}
        onChange={onStatus}
        className="w-40 capitalize"
        allLabel="All statuses"
        options={STATUSES}
      />
      <FilterSelect
        id="movie-kind-filter"
        label="Kind"
        value={kind}
        onChange={onKind}
        className="w-36"
        allLabel="Movies and series"
        options={KINDS}
      />
    </FilterRow>
  );
}
