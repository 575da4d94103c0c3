import { api } from '../../../../shared/api/api-client';
import { readCsrfToken } from '../../../../shared/api/csrf';

/** The XSRF-TOKEN cookie for uploads that bypass the api client (XMLHttpRequest, tus); fetched when missing. */
export const csrfToken = (): Promise<string> => api.csrfToken();

/** The current cookie, read synchronously (tus asks before each request). */
export const currentCsrfToken = () => readCsrfToken(document.cookie) ?? '';
