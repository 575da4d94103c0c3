import { CSRF_HEADER } from '@salomtv/contract';
import { readCsrfToken } from './csrf';

/**
 * A state-changing call that must outlive the page (sent while it unloads): fetch with `keepalive`, the CSRF
 * header from the cookie the app already holds, no answer awaited.
 */
export function postWhileLeaving(path: string, body?: unknown): void {
  const token = readCsrfToken(document.cookie);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers[CSRF_HEADER] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  void fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => undefined);
}
