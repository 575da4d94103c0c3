import { z } from 'zod';

/**
 * The spec's list calls (`GET /api/movie/get`, `GET /api/web/user`) answer a plain array, as the spec shows them.
 * Paging goes in the query (`page`, `pageSize`), the total in this header, and the neighbouring pages in an
 * RFC 8288 `Link` header (rel first, prev, next, last).
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const LINK_HEADER = 'link';

/** An array answer that carries its paging in headers; the OpenAPI document lists them. */
export const listReplySchema = <T extends z.ZodType>(item: T) =>
  z.array(item).meta({
    description: 'One page of the list; the paging is in the headers.',
    headers: {
      'X-Total-Count': { type: 'integer', description: 'How many items match, over all pages.' },
      Link: {
        type: 'string',
        description:
          'RFC 8288 links to the first, previous, next and last pages (rel first, prev, next, last).',
      },
    },
  });

/** One page of a list: the server answers `items` and puts the rest in the headers above. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
