import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { DemoArtHandler } from '../../db/seed/demo-catalog.js';
import type { Clock } from '../../lib/clock.js';
import { MediaTools } from '../../media/ffmpeg/tools.js';
import { DbJobQueue } from '../../media/jobs/db-queue.js';
import { JobWorker, type WorkerLog } from '../../media/jobs/worker.js';
import type { LocalMediaStorage } from '../../media/storage.js';
import { CatalogRepo } from '../catalog/repo.js';
import { catalogRoutes } from '../catalog/routes.js';
import { CatalogService } from '../catalog/service.js';
import type { LanguageRepo } from '../languages/repo.js';
import { EpisodeRepo } from '../movies/episode-repo.js';
import { type JobSignal, MovieMediaService } from '../movies/media-service.js';
import { TitleMediaState } from '../movies/media-state.js';
import { TitleRepo } from '../movies/repo.js';
import { movieRoutes } from '../movies/routes.js';
import { MovieService } from '../movies/service.js';
import { type EntitlementProvider, TrialEntitlements } from '../streaming/entitlement.js';
import { streamingRoutes } from '../streaming/routes.js';
import { StreamingService } from '../streaming/service.js';
import { loadStreamSecret, StreamSigner } from '../streaming/url-signer.js';
import { AssetRepo } from './asset-repo.js';
import { TranscodeHandler } from './transcode-handler.js';
import { tusRoutes } from './tus-routes.js';

export interface CatalogDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  storage: LocalMediaStorage;
  languages: LanguageRepo;
  /** Plan-aware rules (billing); until then every signed-in account may watch in 1080p. */
  entitlements?: EntitlementProvider | undefined;
}

/** Repositories and services of the catalogue, movie administration, media pipeline and streaming. */
export function createCatalogModules(deps: CatalogDeps) {
  const { config, clock, db, storage } = deps;
  const tmpDir = path.join(config.dataDir, 'tmp');
  const repos = {
    titles: new TitleRepo(db),
    episodes: new EpisodeRepo(db),
    mediaAssets: new AssetRepo(db),
    catalog: new CatalogRepo(db),
  };
  const tools = new MediaTools(config.ffmpegPath, config.ffprobePath);
  const queue = new DbJobQueue(db, clock, config.media.jobMaxAttempts);
  const jobSignal: JobSignal = { wake: () => {} };
  const state = new TitleMediaState(repos.titles, repos.episodes, repos.mediaAssets, clock);
  const movies = new MovieService(
    repos.titles,
    repos.episodes,
    repos.mediaAssets,
    state,
    queue,
    storage,
    clock,
  );
  const languageLabel = async (code: string) => (await deps.languages.findByKeyword(code))?.language_title;
  const signer = new StreamSigner(loadStreamSecret(config.media.streamSigningSecret, config.dataDir));
  const services = {
    movies,
    movieMedia: new MovieMediaService(
      movies,
      repos.titles,
      repos.episodes,
      repos.mediaAssets,
      state,
      queue,
      storage,
      tools,
      languageLabel,
      clock,
      jobSignal,
    ),
    streaming: new StreamingService(
      repos.titles,
      repos.episodes,
      repos.mediaAssets,
      deps.entitlements ?? new TrialEntitlements(),
      signer,
      storage,
      clock,
      config.media.streamUrlTtlSeconds,
    ),
    catalog: new CatalogService(repos.catalog, repos.episodes, repos.mediaAssets, storage, clock),
  };
  const media = {
    tools,
    queue,
    jobSignal,
    state,
    tmpDir,
    transcoder: new TranscodeHandler(repos.mediaAssets, state, tools, storage, tmpDir, clock),
  };
  return { repos, services, media };
}

export type CatalogModules = ReturnType<typeof createCatalogModules>;

/** The transcode worker over the durable queue (in-process by default, or alone in worker.ts). */
export function createMediaWorker(modules: CatalogModules, config: Config, log: WorkerLog): JobWorker {
  const worker = new JobWorker(
    modules.media.queue,
    { transcode: modules.media.transcoder, demo_art: new DemoArtHandler(modules) },
    { pollMs: config.media.workerPollMs, retryBaseSeconds: config.media.jobRetryBaseSeconds, log },
  );
  modules.media.jobSignal.wake = () => worker.wake();
  return worker;
}

/** Logs which ffmpeg and ffprobe will run (and their versions); a missing one is logged, not fatal. */
export async function logMediaBinaries(modules: CatalogModules, log: WorkerLog): Promise<void> {
  try {
    const { ffmpeg, ffprobe } = await modules.media.tools.binaries();
    log.info({ path: ffmpeg.path, source: ffmpeg.source, version: ffmpeg.version }, 'ffmpeg');
    log.info({ path: ffprobe.path, source: ffprobe.source, version: ffprobe.version }, 'ffprobe');
  } catch (error) {
    log.error({ err: error }, 'ffmpeg is not available: uploads cannot be checked or transcoded');
  }
}

/** Routes of the catalogue issue, public images, and the in-process worker (stopped by app.close()). */
export async function registerCatalogRoutes(
  app: AppInstance,
  modules: CatalogModules,
  config: Config,
  storage: LocalMediaStorage,
) {
  const { services } = modules;
  const settings = { tmpDir: modules.media.tmpDir, maxVideoBytes: config.media.maxVideoBytes };
  movieRoutes(app, services.movies, services.movieMedia, settings);
  await tusRoutes(app, services.movieMedia, settings);
  streamingRoutes(app, services.streaming, storage, config.media.accelRedirectPrefix);
  catalogRoutes(app, services.catalog);

  const images = path.join(config.mediaDir, 'images');
  fs.mkdirSync(images, { recursive: true });
  await app.register(fastifyStatic, {
    root: images,
    prefix: '/media/images/',
    decorateReply: false,
    index: false,
    // Every image key carries a random part and is never rewritten.
    maxAge: '365d',
    immutable: true,
  });

  if (config.media.workerInProcess) {
    const worker = createMediaWorker(modules, config, app.log);
    app.addHook('onReady', async () => {
      await logMediaBinaries(modules, app.log);
      worker.start();
    });
    app.addHook('preClose', async () => {
      await worker.stop();
    });
  }
}
