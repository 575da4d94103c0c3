import { describe, expect, it } from 'vitest';
import { fromLocalInput, postState, toLocalInput } from './post-dates';

describe('postState', () => {
  it('tells drafts, scheduled and visible posts apart', () => {
    expect(postState({ status: 'draft', visible: false })).toBe('draft');
    expect(postState({ status: 'published', visible: false })).toBe('scheduled');
    expect(postState({ status: 'published', visible: true })).toBe('published');
  });
});

describe('datetime-local values', () => {
  it('round-trips a stored time through the input value at minute precision', () => {
    const iso = '2026-06-01T10:45:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
  });

  it('keeps empty and broken values empty', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('garbage')).toBe('');
  });
});
