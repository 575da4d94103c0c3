import { FilterRow, FilterSelect, SearchBox } from '../../../../shared/ui/list-filters';

const STATUSES = [
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
    <FilterRow>
      <SearchBox
        id="post-search"
        label="Search posts"
        placeholder="Search by title"
        value={search}
        onChange={onSearch}
      />
      <FilterSelect
        id="post-status-filter"
        label="Status"
        value={status}
        onChange={onStatus}
        className="w-40"
        allLabel="All statuses"
        options={STATUSES}
      />
    </FilterRow>
  );
}
