import { CSRF_HEADER, CSRF_TOKEN_PATH, TOTAL_COUNT_HEADER } from '@salomtv/contract';
import { abortedError, errorFromReply, networkError, parseErrorReply, timeoutError } from './api-error';
import { readCsrfToken } from './csrf';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (sent with content-type application/json). */
  json?: unknown;
  /** A multipart body (the browser sets the content type). */
  form?: FormData;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** GET calls that change state (the spec's logout) need the CSRF header too. */
  csrf?: boolean;
}

/** A page of a list call that answers an array and its total in `X-Total-Count`. */
export interface PageOf<T> {
  items: T[];
  total: number;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  readCookies: () => string;
  timeoutMs?: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const DEFAULT_TIMEOUT_MS = 30_000;

export function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A small fetch wrapper: JSON in and out, same-origin cookies, the CSRF header, readable errors. */
export function createApiClient(deps: ApiClientDeps) {
  const defaultTimeout = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function send(
    path: string,
    options: RequestOptions,
    method: string,
    headers: Headers,
  ): Promise<Response> {
    const timeoutMs = options.timeoutMs ?? defaultTimeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.json);
    }
    try {
      return await deps.fetch(buildUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw timeoutError(timeoutMs);
      if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError'))
        throw abortedError();
      throw networkError();
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Asks CSRF_TOKEN_PATH for a cookie (the server gives one when the browser has none that fits its session). */
  async function fetchCsrfToken(): Promise<string | undefined> {
    await send(CSRF_TOKEN_PATH, {}, 'GET', new Headers({ accept: 'application/json' })).catch(
      () => undefined,
    );
    return readCsrfToken(deps.readCookies());
  }

  /**
   * The CSRF cookie the server set with the page (and renews at sign-in and sign-out); asked for at
   * CSRF_TOKEN_PATH when it is missing (a page the server did not send, as under the dev server, or a cookie gone
   * since), before the first state-changing call.
   */
  async function ensureCsrfToken(): Promise<string | undefined> {
    return readCsrfToken(deps.readCookies()) ?? (await fetchCsrfToken());
  }

  /** The answer's body and headers; a refusal throws an ApiError. */
  async function requestWithHeaders<T>(
    path: string,
    options: RequestOptions = {},
  ): Promise<{ body: T; headers: Headers }> {
    const method = options.method ?? 'GET';
    const headers = new Headers({ accept: 'application/json' });
    const protectedCall = !SAFE_METHODS.has(method) || options.csrf === true;
    const token = protectedCall ? await ensureCsrfToken() : undefined;
    if (token) headers.set(CSRF_HEADER, token);
    let response = await send(path, options, method, headers);
    let body = await readBody(response).catch(() => undefined);
    // A token that fits no session of this browser (one issued before the session it now has): the server hands
    // a fitting one, and the call goes once more with it.
    if (protectedCall && response.status === 403 && parseErrorReply(body)?.error.code === 'csrf_failed') {
      const renewed = await fetchCsrfToken();
      if (renewed && renewed !== token) {
        headers.set(CSRF_HEADER, renewed);
        response = await send(path, options, method, headers);
        body = await readBody(response).catch(() => undefined);
      }
    }
    if (!response.ok) throw errorFromReply(response.status, body, response.headers.get('retry-after'));
    return { body: body as T, headers: response.headers };
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await requestWithHeaders<T>(path, options)).body;
  }

  /** A list call's page: the array it answers and the total from its `X-Total-Count` header. */
  async function requestPage<T>(path: string, options: RequestOptions = {}): Promise<PageOf<T>> {
    const { body, headers } = await requestWithHeaders<T[]>(path, options);
    const items = Array.isArray(body) ? body : [];
    const total = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
    return { items, total: Number.isFinite(total) ? total : items.length };
  }

  /** The CSRF token for calls made outside `request` (uploads by XMLHttpRequest or tus, the player's calls). */
  const csrfToken = async (): Promise<string> => (await ensureCsrfToken()) ?? '';

  return { request, requestWithHeaders, requestPage, csrfToken };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  readCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
});
