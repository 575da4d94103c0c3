import { afterAll, describe, expect, it } from 'vitest';
import { exited, ServerFixture } from './server-process.js';

/** The shutdown limit of main.ts. */
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * A log reader that stops reading (stdout a pipe nobody drains, as when a supervisor or a log shipper hangs):
 * the server keeps answering, drops the lines it cannot hand over, and SIGTERM still ends it within the
 * shutdown limit, saying on stderr how many lines were lost.
 */
describe('a log reader that stops reading', () => {
  const fixture = new ServerFixture();
  afterAll(() => fixture.stop());

  it('neither holds the server nor its exit', async () => {
    // Every request writes its lines at info; the buffer is small, so the dropping starts early.
    const server = await fixture.start(
      { WORKER_IN_PROCESS: 'false', LOG_LEVEL: 'info', LOG_BUFFER_KB: '64' },
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // stdout is never read: the pipe and the few KiB this side takes before it stops reading fill up.
    server.stdout!.pause();
    let stderr = '';
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });

    // Far more lines than the pipe and the buffer hold (two or three lines per request).
    let answered = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 600; i++) {
          const response = await fetch(`${fixture.base}/api/health`);
          await response.arrayBuffer();
          if (response.status === 200) answered += 1;
        }
      }),
    );
    expect(answered).toBe(2400);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    const outcome = await Promise.race([
      exited(server),
      new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), SHUTDOWN_LIMIT_MS + 5000),
      ),
    ]);
    expect(outcome, 'the process must end by itself').not.toBe('still running');
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_LIMIT_MS);
    expect(outcome).toEqual({ code: 0, signal: null });
    expect(stderr).toMatch(/SalomTV: \d+ log lines were dropped: the log reader was not reading/);
  });
});
