import { z } from 'zod';

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
