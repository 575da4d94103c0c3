import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, ServerFixture } from './server-process.js';

interface Answer {
  status: number;
  body: string;
}

/**
 * One request, on its own connection unless an agent is given; `hold` sends the body in two halves with a pause
 * between them.
 */
function call(
  port: number,
  path: string,
  body?: string,
  hold?: Promise<void>,
  agent: http.Agent | false = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers:
          body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (body === undefined) request.end();
    else if (!hold) request.end(body);
    else {
      request.write(body.slice(0, 4));
      hold.then(() => request.end(body.slice(4)));
    }
  });
}

/**
 * SIGTERM while the server is busy: every request it had already taken finishes with a full answer, new
 * connections are refused, and the process exits (code 0) within 10 seconds.
 */
describe('SIGTERM under load', () => {
  const fixture = new ServerFixture();
  afterAll(() => fixture.stop());

  it('finishes in-flight requests, refuses new ones and exits within 10 s', async () => {
    const server = await fixture.start({ WORKER_IN_PROCESS: 'false' });
    const port = fixture.port;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });

    // Load: 6 clients calling in a loop, each on a new connection, until they are refused.
    let running = true;
    const served: Answer[] = [];
    const refusals: string[] = [];
    const loops = Array.from({ length: 6 }, async (_, i) => {
      while (running) {
        try {
          served.push(await call(port, i % 2 ? '/api/plans' : '/api/health'));
        } catch (error) {
          refusals.push((error as NodeJS.ErrnoException).code ?? String(error));
          return;
        }
      }
    });
    // In flight: 10 calls whose bodies are only half sent when the signal comes.
    const inFlight = Array.from({ length: 10 }, () =>
      call(port, '/api/language/get', JSON.stringify({ keyword: 'En' }), held),
    );
    // One more in flight on a kept-alive connection, which asks again on that connection once answered.
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const firstOnKeptAlive = call(
      port,
      '/api/language/get',
      JSON.stringify({ keyword: 'En' }),
      held,
      keptAlive,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(served.length).toBeGreaterThan(0);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    const exit = exited(server);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A new connection after the signal is refused.
    await expect(call(port, '/api/health')).rejects.toThrow();
    release();

    const answers = await Promise.all([...inFlight, firstOnKeptAlive]);
    // The next request on the kept-alive connection is not taken: our 503 (with the connection closed), or the
    // connection is already gone.
    const again = await call(port, '/api/health', undefined, undefined, keptAlive).catch(
      (error: NodeJS.ErrnoException) => error.code ?? String(error),
    );
    keptAlive.destroy();
    if (typeof again === 'string') expect(again).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
    else {
      expect(again.status).toBe(503);
      expect(JSON.parse(again.body).error.code).toBe('unavailable');
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)[0].keyword).toBe('En');
    }
    const { code } = await exit;
    const tookMs = Date.now() - signalledAt;
    running = false;
    await Promise.all(loops);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    // Whatever the load got answered was whole: a 200, or (arriving during the shutdown) our 503; never half-served.
    for (const answer of served) {
      if (answer.status !== 200) {
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body).error.code).toBe('unavailable');
      }
    }
    expect(refusals.every((reason) => /ECONNREFUSED|ECONNRESET|socket hang up/.test(reason))).toBe(true);
  });
});
