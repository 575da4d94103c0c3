import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import { jobQueueSchema } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../../platform/audit/service.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import type { CatalogRecords } from '../catalog/module.js';
import { AudioTrackHandler } from './audio/audio-handler.js';
import { AudioTrackService } from './audio/audio-tracks.js';
import { audioTrackRoutes } from './audio/routes.js';
import { DemoArtHandler } from './demo/demo-art-handler.js';
import { type DemoSettings, seedDemoCatalog } from './demo/demo-catalog.js';
import { DemoFootage } from './demo/demo-footage.js';
import { MediaTools } from './ffmpeg/tools.js';
import { DbJobQueue } from './jobs/db-queue.js';
import { JobStatsRepo, jobMetrics, registerJobGauges } from './jobs/job-metrics.js';
import type { JobQueue } from './jobs/queue.js';
import { type JobMetrics, JobWorker, type WorkerLog } from './jobs/worker.js';
import { JobSignal, MovieMediaService } from './pipeline/media-service.js';
import { TitleMediaState } from './pipeline/media-state.js';
import { TranscodeHandler } from './pipeline/transcode-handler.js';
import { tusRoutes } from './pipeline/tus-routes.js';
import { movieRoutes } from './title-admin/routes.js';
import { MovieService } from './title-admin/service.js';
import { type LanguageKeywordOf, TitleTranslationService } from './title-admin/translations.js';

export interface MediaDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  storage: MediaStorage;
  /** The catalogue's records the admin edits and the pipeline fills: titles, episodes and their media files. */
  catalog: CatalogRecords;
  /** A language's display name by keyword (a subtitle track is labelled with it). */
  languageLabel: (keyword: string) => Promise<string | undefined>;
  /** A language's keyword as the site spells it (a title's translations are filed under it). */
  languageKeyword: LanguageKeywordOf;
  /** The PostgreSQL schema of the app's tables (pg-boss keeps its own beside it). */
  pgSchema?: string | undefined;
  /** The audit log (the admin's changes of titles are recorded in it). */
  audit: AuditService;
  metrics: Metrics;
}

/**
 * Media: the admin's title editor and everything that takes an upload to playable (tus uploads, checks, the
 * durable job queue, ffmpeg transcodes, the demo catalogue's generated art and films).
 */
export async function createMediaModule(deps: MediaDeps) {
  const { config, clock, storage } = deps;
  const { titles, episodes, mediaAssets, audioTracks } = deps.catalog;
  const tmpDir = path.join(config.dataDir, 'tmp');
  const tools = new MediaTools(config.ffmpegPath, config.ffprobePath);
  const queue = await createJobQueue(deps);
  registerJobGauges(deps.metrics, new JobStatsRepo(deps.db), clock);
  const jobSignal = new JobSignal();
  const state = new TitleMediaState(titles, episodes, mediaAssets, clock);
  const movies = new MovieService(
    titles,
    episodes,
    mediaAssets,
    audioTracks,
    state,
    queue,
    storage,
    deps.audit,
    clock,
  );
  const movieMedia = new MovieMediaService(
    movies,
    titles,
    episodes,
    mediaAssets,
    state,
    queue,
    storage,
    tools,
    deps.languageLabel,
    clock,
    jobSignal,
  );
  const services = {
    movies,
    movieMedia,
    audioTracks: new AudioTrackService(
      movies,
      movieMedia,
      mediaAssets,
      audioTracks,
      queue,
      storage,
      tools,
      clock,
      jobSignal,
    ),
    translations: new TitleTranslationService(
      titles,
      episodes,
      deps.catalog.translations,
      deps.languageKeyword,
      deps.audit,
      clock,
    ),
  };
  const pipeline = {
    tools,
    queue,
    jobMetrics: jobMetrics(deps.metrics),
    jobSignal,
    state,
    tmpDir,
    transcoder: new TranscodeHandler(
      mediaAssets,
      state,
      tools,
      storage,
      tmpDir,
      clock,
      new DemoFootage(tools, path.join(config.dataDir, 'demo-films')),
      services.audioTracks,
    ),
    audio: new AudioTrackHandler(audioTracks, titles, episodes, mediaAssets, tools, storage, tmpDir, clock),
  };
  /** Routes of the title editor and uploads, and the in-process worker (stopped by app.close()). */
  const registerRoutes = async (app: AppInstance) => {
    const settings = { tmpDir, maxVideoBytes: config.media.maxVideoBytes };
    movieRoutes(app, services.movies, services.movieMedia, services.translations, settings);
    audioTrackRoutes(app, services.audioTracks, settings);
    await tusRoutes(app, services.movieMedia, services.audioTracks, { ...settings, storage });
    app.addHook('onClose', async () => {
      await queue.close?.();
    });
    if (config.media.workerInProcess) {
      const worker = createMediaWorker({ pipeline, services }, config, app.log);
      app.addHook('onReady', async () => {
        worker.start();
      });
      // Which ffmpeg runs is logged once the server answers: starting two `-version` processes before it would
      // hold its first answer back (cold start in bench/README.md). The worker resolves them on its own when a
      // job comes first.
      app.addHook('onListen', async () => {
        setTimeout(() => void logMediaBinaries(tools, app.log), 1000).unref();
      });
      app.addHook('preClose', async () => {
        await worker.stop();
      });
    }
  };
  /** Adds the demo catalogue to an empty titles table (its art and films are made by the worker's jobs). */
  const seedDemo = (log: WorkerLog, settings: DemoSettings) =>
    seedDemoCatalog({ titles, ...services, queue }, clock, log, settings);
  return { services, pipeline, registerRoutes, seedDemo };
}

export type MediaModule = Awaited<ReturnType<typeof createMediaModule>>;

/**
 * JOB_QUEUE=db: rows of our database; JOB_QUEUE=pgboss (default on PostgreSQL): pg-boss, loaded only when it is
 * the one configured. Services see JobQueue.
 */
async function createJobQueue(deps: MediaDeps): Promise<JobQueue & { close?(): Promise<void> }> {
  const { config, clock, db } = deps;
  if (config.media.jobQueue !== 'pgboss' || !config.databaseUrl)
    return new DbJobQueue(db, clock, config.media.jobMaxAttempts);
  const schema = deps.pgSchema ?? config.databaseSchema;
  const { PgBossJobQueue } = await import('./jobs/pgboss-queue.js');
  return new PgBossJobQueue(db, clock, {
    connectionString: config.databaseUrl,
    schema: jobQueueSchema(schema),
    maxAttempts: config.media.jobMaxAttempts,
    retryBaseSeconds: config.media.jobRetryBaseSeconds,
    leaseSeconds: config.media.jobLeaseSeconds,
    onError: (error) => process.stderr.write(`job queue: ${error.message}\n`),
  });
}

/** The transcode worker over the durable queue (in-process by default, or alone in worker.ts). */
export function createMediaWorker(
  modules: {
    pipeline: {
      queue: JobQueue;
      jobMetrics: JobMetrics;
      transcoder: TranscodeHandler;
      audio: AudioTrackHandler;
      jobSignal: JobSignal;
    };
    services: { movies: MovieService; movieMedia: MovieMediaService };
  },
  config: Config,
  log: WorkerLog,
): JobWorker {
  const worker = new JobWorker(
    modules.pipeline.queue,
    {
      transcode: modules.pipeline.transcoder,
      audio: modules.pipeline.audio,
      demo_art: new DemoArtHandler(modules.services),
    },
    {
      pollMs: config.media.workerPollMs,
      retryBaseSeconds: config.media.jobRetryBaseSeconds,
      leaseMs: config.media.jobLeaseSeconds * 1000,
      log,
      metrics: modules.pipeline.jobMetrics,
    },
  );
  modules.pipeline.jobSignal.listen(() => worker.wake());
  return worker;
}

/** Logs which ffmpeg and ffprobe will run (and their versions); a missing one is logged, not fatal. */
export async function logMediaBinaries(tools: MediaTools, log: WorkerLog): Promise<void> {
  try {
    const { ffmpeg, ffprobe } = await tools.binaries();
    log.info({ path: ffmpeg.path, source: ffmpeg.source, version: ffmpeg.version }, 'ffmpeg');
    log.info({ path: ffprobe.path, source: ffprobe.source, version: ffprobe.version }, 'ffprobe');
  } catch (error) {
    log.error({ err: error }, 'ffmpeg is not available: uploads cannot be checked or transcoded');
  }
}

// The media domain's face: what the app and other domains may use of it.
export { DEMO_SETTINGS } from './demo/demo-catalog.js';
export { liveFfmpegs } from './ffmpeg/run-ffmpeg.js';
export type { WorkerLog } from './jobs/worker.js';
