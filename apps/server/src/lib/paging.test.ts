import { describe, expect, it } from 'vitest';
import { pageLinks } from './paging.js';

const links = (query: string, page: number, pageSize: number, total: number) =>
  pageLinks('/api/x', new URLSearchParams(query), { items: [], page, pageSize, total });

describe('Link header of a list page (RFC 8288)', () => {
  it('links first and last always, prev and next where they exist', () => {
    expect(links('', 1, 10, 25)).toBe(
      '</api/x?page=1&pageSize=10>; rel="first", </api/x?page=2&pageSize=10>; rel="next", ' +
        '</api/x?page=3&pageSize=10>; rel="last"',
    );
    expect(links('', 2, 10, 25)).toBe(
      '</api/x?page=1&pageSize=10>; rel="first", </api/x?page=1&pageSize=10>; rel="prev", ' +
        '</api/x?page=3&pageSize=10>; rel="next", </api/x?page=3&pageSize=10>; rel="last"',
    );
    expect(links('', 3, 10, 25)).toBe(
      '</api/x?page=1&pageSize=10>; rel="first", </api/x?page=2&pageSize=10>; rel="prev", ' +
        '</api/x?page=3&pageSize=10>; rel="last"',
    );
  });

  it('counts an exact multiple and an empty list as their pages (at least one)', () => {
    expect(links('', 1, 10, 20)).toContain('</api/x?page=2&pageSize=10>; rel="last"');
    expect(links('', 1, 10, 0)).toBe(
      '</api/x?page=1&pageSize=10>; rel="first", </api/x?page=1&pageSize=10>; rel="last"',
    );
  });

  it('points prev from past the end at the last page', () => {
    expect(links('', 9, 10, 25)).toBe(
      '</api/x?page=1&pageSize=10>; rel="first", </api/x?page=3&pageSize=10>; rel="prev", ' +
        '</api/x?page=3&pageSize=10>; rel="last"',
    );
  });

  it("keeps the client's filters, re-encoded, and replaces its paging", () => {
    expect(links('search=a%3Eb%2Cc+d&page=2&status=ready', 2, 5, 5)).toBe(
      '</api/x?search=a%3Eb%2Cc+d&page=1&status=ready&pageSize=5>; rel="first", ' +
        '</api/x?search=a%3Eb%2Cc+d&page=1&status=ready&pageSize=5>; rel="prev", ' +
        '</api/x?search=a%3Eb%2Cc+d&page=1&status=ready&pageSize=5>; rel="last"',
    );
  });
});
