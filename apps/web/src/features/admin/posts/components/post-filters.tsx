import { SearchIcon } from '../../../../shared/ui/icons';
import { Input, Select } from '../../../../shared/ui/input';

const STATUSES = [
  { value: '', label: 'All statuses' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'published', label: 'Published' },
];

/** Search by title and the status filter. */
export function PostFilters({
  search,
  status,
  onSearch,
  onStatus,
}: {
  search: string;
  status: string;
  onSearch: (value: string) => void;
  onStatus: (value: string) => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-full max-w-sm">
        <label htmlFor="post-search" className="sr-only">
          Search posts
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <Input
            id="post-search"
            type="search"
            placeholder="Search by title"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            className="ps-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="post-status-filter" className="text-xs text-muted">
          Status
        </label>
        <Select
          id="post-status-filter"
          value={status}
          onChange={(event) => onStatus(event.target.value)}
          className="w-40"
        >
          {STATUSES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
