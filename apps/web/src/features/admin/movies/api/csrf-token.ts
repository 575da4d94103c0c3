import { api } from '../../../../shared/api/api-client';
import { readCsrfToken } from '../../../../shared/api/csrf';

/** The XSRF-TOKEN cookie for uploads that bypass the api client (XMLHttpRequest, tus); fetched when missing. */
export async function csrfToken(): Promise<string> {
  let token = readCsrfToken(document.cookie);
  if (!token) {
    await api.request('/api/health').catch(() => undefined);
    token = readCsrfToken(document.cookie);
  }
  return token ?? '';
}

/** The current cookie, read synchronously (tus asks before each request). */
export const currentCsrfToken = () => readCsrfToken(document.cookie) ?? '';
