import type { AppInstance } from '../app-types.js';

/**
 * Runs `task` every `everyMs` while the app is open: unref'd, so it never holds the process open, skipped while the
 * previous run is still going, and stopped when the app closes. A failure is logged with `what`, never thrown.
 */
export function repeatWhileOpen(
  app: AppInstance,
  everyMs: number,
  what: string,
  task: () => Promise<void>,
): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
