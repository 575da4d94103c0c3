import { readCsrfToken } from '../../../../shared/api/csrf';

/**
 * The current XSRF-TOKEN cookie, read synchronously: tus asks before each request. The upload fetches it first with
 * `api.csrfToken()` when the browser has none.
 */
export const currentCsrfToken = () => readCsrfToken(document.cookie) ?? '';
