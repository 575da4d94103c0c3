import { TITLE_KINDS, TITLE_STATUSES } from '@salomtv/contract';
import { SearchIcon } from '../../../../shared/ui/icons';
import { Input, Select } from '../../../../shared/ui/input';

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
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-full max-w-sm">
        <label htmlFor="movie-search" className="sr-only">
          Search movies
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <Input
            id="movie-search"
            type="search"
            placeholder="Search by title, cast, genre or tag"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            className="ps-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="movie-status-filter" className="text-xs text-muted">
          Status
        </label>
        <Select
          id="movie-status-filter"
          value={status}
          onChange={(event) => onStatus(event.target.value)}
          className="w-40 capitalize"
        >
          <option value="">All statuses</option>
          {TITLE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="movie-kind-filter" className="text-xs text-muted">
          Kind
        </label>
        <Select
          id="movie-kind-filter"
          value={kind}
          onChange={(event) => onKind(event.target.value)}
          className="w-36"
        >
          <option value="">Movies and series</option>
          {TITLE_KINDS.map((value) => (
            <option key={value} value={value}>
              {value === 'movie' ? 'Movies' : 'Series'}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
