import type { ReactNode } from 'react';
import { SearchIcon } from './icons';
import { Input, Select } from './input';

/** The row the search box and filters of an admin list stand in (with space below it unless `flush`). */
export function FilterRow({ children, flush = false }: { children: ReactNode; flush?: boolean }) {
  return (
    <div className={flush ? 'flex flex-wrap items-end gap-3' : 'mb-4 flex flex-wrap items-end gap-3'}>
      {children}
    </div>
  );
}

interface SearchBoxProps {
  id: string;
  /** The label, read by screen readers only. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A list's search box with the magnifier inside it. */
export function SearchBox({ id, label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="ps-9"
        />
      </div>
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The width (and any other classes) of the select. */
  className: string;
  /** The first option, the empty value that shows everything. */
  allLabel: string;
  options: readonly FilterOption[];
  /** The label wraps the select (true) or stands above it, next to it in a box (false). */
  wrapped?: boolean;
}

/** A labelled filter select whose empty first option shows everything. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  className,
  allLabel,
  options,
  wrapped = false,
}: FilterSelectProps) {
  const select = (
    <Select id={id} className={className} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
  if (wrapped) {
    return (
      <label htmlFor={id} className="flex flex-col gap-1 text-xs text-muted">
        {label}
        {select}
      </label>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      {select}
    </div>
  );
}
