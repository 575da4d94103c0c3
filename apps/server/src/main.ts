import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { stdoutLog } from './lib/log-destination.js';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  // Lines dropped because the log reader stopped reading are told on the way out.
  process.on('exit', () => stdoutLog(config.logBufferBytes).reportAtExit(process.stderr));
  // Graceful shutdown: stop accepting, let in-flight requests finish, close the database; give up after 10 s.
  // Nothing on the way holds the process: log lines never wait for their reader (lib/log-destination.ts).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(
    `SalomTV failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
