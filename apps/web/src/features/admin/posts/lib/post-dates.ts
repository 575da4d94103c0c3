import type { Post } from '@salomtv/contract';
import { dateTimeFormat } from '@salomtv/contract';

export type PostState = 'draft' | 'scheduled' | 'published';

/** Draft; published but waiting for its date (scheduled); or published and visible to viewers. */
export function postState(post: Pick<Post, 'status' | 'visible'>): PostState {
  if (post.status === 'draft') return 'draft';
  return post.visible ? 'published' : 'scheduled';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored ISO time as the value of a `datetime-local` input, in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO time with offset; empty stays empty. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** A date and time for the admin tables, such as 22 Nov 2026, 10:30. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
