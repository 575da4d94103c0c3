import { LINK_HEADER, type ListPage, TOTAL_COUNT_HEADER } from '@salomtv/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The RFC 8288 `Link` value for a page of `path`: first and last always, prev and next where they exist.
 * Each link keeps the request's other query parameters (search, filters) and names `page` and `pageSize`.
 */
export function pageLinks(path: string, query: URLSearchParams, page: ListPage<unknown>): string {
  const last = Math.max(1, Math.ceil(page.total / page.pageSize));
  const link = (to: number, rel: string) => {
    const params = new URLSearchParams(query);
    params.set('page', String(to));
    params.set('pageSize', String(page.pageSize));
    return `<${path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, last), 'prev'));
  if (page.page < last) links.push(link(page.page + 1, 'next'));
  links.push(link(last, 'last'));
  return links.join(', ');
}

/** Answers a list call the spec's way: the array itself, with `X-Total-Count` and `Link` headers. */
export function sendListPage<T>(request: FastifyRequest, reply: FastifyReply, page: ListPage<T>): T[] {
  // Links are relative to the route's own path (nothing of the Host header or the raw path is echoed); the query
  // is the client's, re-encoded.
  const query = new URL(request.url, 'http://localhost').searchParams;
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  reply.header(LINK_HEADER, pageLinks(request.routeOptions.url ?? '', query, page));
  return page.items;
}
