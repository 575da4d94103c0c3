import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function clientWith(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  cookies = 'XSRF-TOKEN=abc123',
) {
  const fetchSpy = vi.fn(fetchImpl);
  const client = createApiClient({
    fetch: fetchSpy as unknown as typeof fetch,
    readCookies: () => cookies,
    timeoutMs: 50,
  });
  return { client, fetchSpy };
}

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('api client', () => {
  it('sends the CSRF cookie as X-XSRF-TOKEN on state-changing calls, with JSON and same-origin cookies', async () => {
    const { client, fetchSpy } = clientWith(async () => json(200, 'admin'));
    const role = await client.request<string>('/api/user/login', {
      method: 'POST',
      json: { phone_number: 'x' },
    });
    expect(role).toBe('admin');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/user/login');
    expect(headerOf(init, 'X-XSRF-TOKEN')).toBe('abc123');
    expect(headerOf(init, 'content-type')).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"phone_number":"x"}');
  });

  it('leaves the header off plain GETs but sends it on the logout GET', async () => {
    const { client, fetchSpy } = clientWith(async () => json(200, { message: 'ok' }));
    await client.request('/api/language/select', { query: { search: 'ur', empty: '' } });
    await client.request('/api/user/logout', { csrf: true });
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/language/select?search=ur');
    expect(headerOf(fetchSpy.mock.calls[0]![1], 'X-XSRF-TOKEN')).toBeNull();
    expect(headerOf(fetchSpy.mock.calls[1]![1], 'X-XSRF-TOKEN')).toBe('abc123');
  });

  it("reads a list call's page: the array it answers and the total from X-Total-Count", async () => {
    const { client, fetchSpy } = clientWith(async () =>
      json(200, [{ id: 3 }, { id: 4 }], { 'X-Total-Count': '42', Link: '</api/x?page=3>; rel="next"' }),
    );
    const page = await client.requestPage<{ id: number }>('/api/x', { query: { page: '2' } });
    expect(page).toEqual({ items: [{ id: 3 }, { id: 4 }], total: 42 });
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/x?page=2');
    const { headers } = await client.requestWithHeaders<unknown>('/api/x');
    expect(headers.get('link')).toBe('</api/x?page=3>; rel="next"');
  });

  it('fetches the CSRF cookie first when the browser has none yet', async () => {
    let cookies = '';
    const fetchSpy = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/csrf') cookies = 'other=1; XSRF-TOKEN=fresh%3D';
      return json(200, {});
    });
    const client = createApiClient({
      fetch: fetchSpy as unknown as typeof fetch,
      readCookies: () => cookies,
    });
    await client.request('/api/language', { method: 'DELETE' });
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual(['/api/csrf', '/api/language']);
    expect(headerOf(fetchSpy.mock.calls[1]![1], 'X-XSRF-TOKEN')).toBe('fresh=');
  });

  it('asks for a fitting token once when the server says the token is stale, and sends the call again', async () => {
    let cookies = 'XSRF-TOKEN=before-sign-in';
    const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf') {
        cookies = 'XSRF-TOKEN=of-this-session';
        return new Response(null, { status: 204 });
      }
      return headerOf(init, 'X-XSRF-TOKEN') === 'of-this-session'
        ? json(200, { ok: true })
        : json(403, { error: { code: 'csrf_failed', message: 'stale' } });
    });
    const client = createApiClient({
      fetch: fetchSpy as unknown as typeof fetch,
      readCookies: () => cookies,
    });
    await expect(
      client.request('/api/watchlist', { method: 'POST', json: { movie_id: 1 } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual([
      '/api/watchlist',
      '/api/csrf',
      '/api/watchlist',
    ]);
    expect(fetchSpy.mock.calls[2]![1]?.body).toBe('{"movie_id":1}');

    // A refusal the token does not explain (another site's call) is not sent again.
    cookies = 'XSRF-TOKEN=of-this-session';
    fetchSpy.mockImplementation(async (url: string) =>
      url === '/api/csrf'
        ? new Response(null, { status: 204 })
        : json(403, { error: { code: 'csrf_failed', message: 'x' } }),
    );
    fetchSpy.mockClear();
    await expect(client.request('/api/watchlist', { method: 'POST' })).rejects.toMatchObject({
      code: 'csrf_failed',
    });
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual(['/api/watchlist', '/api/csrf']);
  });

  it('turns the error JSON into an ApiError with status, code, message, fields and Retry-After', async () => {
    const { client } = clientWith(async () =>
      json(
        409,
        { error: { code: 'conflict', message: 'Taken', fields: { keyword: 'This keyword is taken' } } },
        { 'retry-after': '30' },
      ),
    );
    const error = await client
      .request('/api/language', { method: 'POST' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Taken',
      fields: { keyword: 'This keyword is taken' },
      retryAfterSeconds: 30,
      kind: 'http',
    });
  });

  it('gives a readable error for a reply that is not the error JSON', async () => {
    const { client } = clientWith(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.request('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'The request failed with status code 502',
    });
  });

  it('answers 204 with undefined', async () => {
    const { client } = clientWith(async () => new Response(null, { status: 204 }));
    await expect(client.request('/api/language/9', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('reports network failures, aborts and timeouts in words', async () => {
    const down = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(down.client.request('/api/x')).rejects.toMatchObject({
      kind: 'network',
      code: 'network_error',
    });

    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const slow = clientWith(hang);
    await expect(slow.client.request('/api/x', { timeoutMs: 10 })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('did not answer'),
    });
    const controller = new AbortController();
    const pending = slow.client.request('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', message: 'The request was cancelled.' });
  });
});
