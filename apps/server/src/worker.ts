/**
 * The worker alone (`npm run worker`): transcodes and queued text messages, the same queues and code the API
 * runs in-process, for deployments that keep that work off the API machines (set WORKER_IN_PROCESS=false on those).
 */
import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './container.js';
import { stdoutLog } from './lib/log-destination.js';
import { createMediaWorker, liveFfmpegs, logMediaBinaries, type WorkerLog } from './modules/media/module.js';
import { type MetricsServer, startMetricsServer } from './platform/metrics/endpoint.js';

/** JSON lines on stdout, like the API's logs, through the same destination that never waits for its reader. */
function jsonLog(level: string, bufferBytes: number): WorkerLog {
  const out = stdoutLog(bufferBytes);
  const silent = level === 'silent';
  const write = (name: string) => (object: object, message?: string) => {
    if (silent) return;
    const extra = Object.fromEntries(
      Object.entries(object).map(([key, value]) => [
        key,
        value instanceof Error ? { message: value.message } : value,
      ]),
    );
    out.write(
      `${JSON.stringify({ level: name, time: Date.now(), name: 'worker', ...extra, msg: message })}\n`,
    );
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/**
 * The worker has no API port: its metrics are served only on a port of their own (METRICS_PORT, with the same
 * METRICS_TOKEN), a different one from the API's METRICS_PORT when both run on one machine.
 */
async function serveWorkerMetrics(
  metrics: Parameters<typeof startMetricsServer>[0],
  settings: ReturnType<typeof loadConfig>['metrics'],
  log: WorkerLog,
): Promise<MetricsServer | undefined> {
  if (!settings) return undefined;
  if (settings.port === undefined) {
    log.warn(
      {},
      'METRICS_TOKEN is set but not METRICS_PORT: the worker serves its metrics only on a port of their own',
    );
    return undefined;
  }
  const server = await startMetricsServer(metrics, { ...settings, port: settings.port });
  log.info({ host: settings.host, port: server.port }, 'worker metrics served');
  return server;
}

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
  const log = jsonLog(config.logLevel, config.logBufferBytes);
  process.on('exit', () => stdoutLog(config.logBufferBytes).reportAtExit(process.stderr));
  const container = await createContainer(config, { log });
  const { media } = container.modules;
  await logMediaBinaries(media.pipeline.tools, log);
  const worker = createMediaWorker(media, config, log);
  const metricsServer = await serveWorkerMetrics(container.metrics, config.metrics, log);
  worker.start();
  container.services.smsDispatcher.start();
  log.info({ workerId: worker.workerId }, 'transcode worker started');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: the running job goes back to the queue');
    const timer = setTimeout(() => {
      for (const child of liveFfmpegs) child.kill('SIGKILL');
      process.exit(1);
    }, 10_000);
    timer.unref();
    Promise.all([worker.stop(), container.services.smsDispatcher.stop(), metricsServer?.close()])
      .then(() => media.pipeline.queue.close?.())
      .then(() => container.database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(
    `SalomTV worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
