import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { DemoArtHandler } from '../../db/seed/demo-art-handler.js';
import { DemoFootage } from '../../db/seed/demo-footage.js';
import type { Clock } from '../../lib/clock.js';
import { MediaTools } from '../../media/ffmpeg/tools.js';
import { DbJobQueue } from '../../media/jobs/db-queue.js';
import type { JobQueue } from '../../media/jobs/queue.js';
import { JobWorker, type WorkerLog } from '../../media/jobs/worker.js';
import { type MediaStorage, PUBLIC_MEDIA_PREFIXES } from '../../media/storage.js';
import type { AuditService } from '../audit/service.js';
import type { LiveSessionReader } from '../auth/session-repo.js';
import type { TitleLocks } from '../catalog/locks.js';
import { CatalogRepo } from '../catalog/repo.js';
import { catalogRoutes } from '../catalog/routes.js';
import { CatalogService } from '../catalog/service.js';
import type { LanguageRepo } from '../languages/repo.js';
import { EpisodeRepo } from '../movies/episode-repo.js';
import { JobSignal, MovieMediaService } from '../movies/media-service.js';
import { TitleMediaState } from '../movies/media-state.js';
import type { TitleRepo } from '../movies/repo.js';
import { movieRoutes } from '../movies/routes.js';
import { MovieService } from '../movies/service.js';
import type { EntitlementProvider } from '../streaming/entitlement.js';
import { streamingRoutes } from '../streaming/routes.js';
import { MediaFileCache } from '../streaming/send-file.js';
import { StreamingService } from '../streaming/service.js';
import type { StreamSessions } from '../streaming/stream-sessions.js';
import { loadStreamSecret, StreamSigner } from '../streaming/url-signer.js';
import { AssetRepo } from './asset-repo.js';
import { TranscodeHandler } from './transcode-handler.js';
import { tusRoutes } from './tus-routes.js';

export interface CatalogDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  storage: MediaStorage;
  languages: LanguageRepo;
  /** The titles table (billing's playback sessions read it too, so the container makes it). */
  titles: TitleRepo;
  /** The PostgreSQL schema of the app's tables (pg-boss keeps its own beside it). */
  pgSchema?: string | undefined;
  /** Who may play what at which quality (billing's plan-aware rules). */
  entitlements: EntitlementProvider;
  /** The playback sessions every feature stream address belongs to (billing's, kept in memory). */
  playbacks: StreamSessions;
  /** Live sign-in sessions, as every signed-in call reads them (a cast address plays for its playback's one). */
  liveSessions: LiveSessionReader;
  /** The audit log (the admin's changes of titles are recorded in it). */
  audit: AuditService;
  /** Which titles are locked for a viewer (billing), so the catalogue's cards can say so. */
  locks: TitleLocks;
}

/** Repositories and services of the catalogue, movie administration, media pipeline and streaming. */
export async function createCatalogModules(deps: CatalogDeps) {
  const { config, clock, db, storage } = deps;
  const tmpDir = path.join(config.dataDir, 'tmp');
  const repos = {
    titles: deps.titles,
    episodes: new EpisodeRepo(db),
    mediaAssets: new AssetRepo(db),
    catalog: new CatalogRepo(db),
  };
  const tools = new MediaTools(config.ffmpegPath, config.ffprobePath);
  const queue = await createJobQueue(deps);
  const jobSignal = new JobSignal();
  const state = new TitleMediaState(repos.titles, repos.episodes, repos.mediaAssets, clock);
  const movies = new MovieService(
    repos.titles,
    repos.episodes,
    repos.mediaAssets,
    state,
    queue,
    storage,
    deps.audit,
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
      deps.entitlements,
      deps.playbacks,
      signer,
      storage,
      clock,
      config.media.streamUrlTtlSeconds,
      deps.liveSessions,
    ),
    catalog: new CatalogService(repos.catalog, repos.episodes, repos.mediaAssets, storage, clock, deps.locks),
  };
  const media = {
    tools,
    queue,
    jobSignal,
    state,
    tmpDir,
    transcoder: new TranscodeHandler(
      repos.mediaAssets,
      state,
      tools,
      storage,
      tmpDir,
      clock,
      new DemoFootage(tools, path.join(config.dataDir, 'demo-films')),
    ),
  };
  return { repos, services, media };
}

export type CatalogModules = Awaited<ReturnType<typeof createCatalogModules>>;

/**
 * JOB_QUEUE=db: rows of our database; JOB_QUEUE=pgboss (default on PostgreSQL): pg-boss, loaded only when it is
 * the one configured. Services see JobQueue.
 */
async function createJobQueue(deps: CatalogDeps): Promise<JobQueue & { close?(): Promise<void> }> {
  const { config, clock, db } = deps;
  if (config.media.jobQueue !== 'pgboss' || !config.databaseUrl)
    return new DbJobQueue(db, clock, config.media.jobMaxAttempts);
  const schema = deps.pgSchema ?? config.databaseSchema;
  const { PgBossJobQueue } = await import('../../media/jobs/pgboss-queue.js');
  return new PgBossJobQueue(db, clock, {
    connectionString: config.databaseUrl,
    schema: schema ? `${schema}_boss` : 'pgboss',
    maxAttempts: config.media.jobMaxAttempts,
    retryBaseSeconds: config.media.jobRetryBaseSeconds,
    leaseSeconds: config.media.jobLeaseSeconds,
    onError: (error) => process.stderr.write(`job queue: ${error.message}\n`),
  });
}

/** The transcode worker over the durable queue (in-process by default, or alone in worker.ts). */
export function createMediaWorker(modules: CatalogModules, config: Config, log: WorkerLog): JobWorker {
  const worker = new JobWorker(
    modules.media.queue,
    { transcode: modules.media.transcoder, demo_art: new DemoArtHandler(modules.services) },
    {
      pollMs: config.media.workerPollMs,
      retryBaseSeconds: config.media.jobRetryBaseSeconds,
      leaseMs: config.media.jobLeaseSeconds * 1000,
      log,
    },
  );
  modules.media.jobSignal.listen(() => worker.wake());
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

/** Routes of titles, media and streaming, public images, and the in-process worker (stopped by app.close()). */
export async function registerCatalogRoutes(
  app: AppInstance,
  modules: CatalogModules,
  config: Config,
  storage: MediaStorage,
) {
  const { services } = modules;
  const settings = { tmpDir: modules.media.tmpDir, maxVideoBytes: config.media.maxVideoBytes };
  movieRoutes(app, services.movies, services.movieMedia, settings);
  await tusRoutes(app, services.movieMedia, { ...settings, storage });
  streamingRoutes(app, services.streaming, storage, {
    accelPrefix: config.media.accelRedirectPrefix,
    memory: new MediaFileCache(config.media.memoryCacheBytes),
  });
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

  if (storage.kind === 's3') {
    publicMediaRedirects(app, storage);
  }
  app.addHook('onClose', async () => {
    await modules.media.queue.close?.();
  });

  if (config.media.workerInProcess) {
    const worker = createMediaWorker(modules, config, app.log);
    app.addHook('onReady', async () => {
      worker.start();
    });
    // Which ffmpeg runs is logged once the server answers: starting two `-version` processes before it would
    // hold its first answer back (cold start in bench/README.md). The worker resolves them on its own when a
    // job comes first.
    app.addHook('onListen', async () => {
      setTimeout(() => void logMediaBinaries(modules, app.log), 1000).unref();
    });
    app.addHook('preClose', async () => {
      await worker.stop();
    });
  }
}

/** With object storage, public media (images, flags, avatars, covers) answer with a redirect to the bucket. */
function publicMediaRedirects(app: AppInstance, storage: MediaStorage): void {
  app.get('/api/media/*', {
    config: { access: 'public', cache: 'shared' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!PUBLIC_MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.includes('..')) {
        return reply.status(404).send({ error: { code: 'not_found', message: 'No such file' } });
      }
      const url = await storage.signedUrl(key, 24 * 3600);
      // The redirect may be cached for an hour: the signed address lives a day.
      return reply.header('cache-control', 'public, max-age=3600').redirect(url!, 302);
    },
  });
}
