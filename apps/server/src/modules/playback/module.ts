import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import { repeatWhileOpen } from '../../platform/timers.js';
import type { LiveSessionReader } from '../../platform/viewer-session.js';
import type { AccessReader } from '../billing/module.js';
import type { CatalogRecords } from '../catalog/module.js';
import { LivePlaybacks, SILENCE_MS } from './sessions/live-playbacks.js';
import { PlaybackRepo } from './sessions/playback-repo.js';
import { playbackRoutes } from './sessions/playback-routes.js';
import { PlaybackService, type ProfileNames } from './sessions/playback-service.js';
import { PlaybackQualityRepo } from './sessions/quality-repo.js';
import { PlaybackQualityService } from './sessions/quality-service.js';
import type { EntitlementProvider } from './streams/entitlement.js';
import { streamingRoutes } from './streams/routes.js';
import { MediaFileCache, type SegmentCounter } from './streams/send-file.js';
import { StreamingService } from './streams/service.js';
import { loadStreamSecret, StreamSigner } from './streams/url-signer.js';

export interface PlaybackDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  storage: MediaStorage;
  /** The catalogue's records of titles, episodes and their media files: what a stream address points at. */
  catalog: CatalogRecords;
  /** Billing: a viewer's plan gives the number of streams (their access) and who may play what at which quality. */
  access: AccessReader;
  entitlements: EntitlementProvider;
  /** Live sign-in sessions, as every signed-in call reads them (a cast address plays for its playback's one). */
  liveSessions: LiveSessionReader;
  /** `profileSwitched` ends the streams of the sign-in session that switched. */
  events: EventBus;
  /** Accounts' profile names, for the over-the-limit prompt. */
  profiles: ProfileNames;
  metrics: Metrics;
}

/**
 * Playback: the playback sessions that hold the plan's stream limit, and the stream addresses (playlists, segments,
 * subtitles), signed and bound to one of those sessions.
 */
export function createPlaybackModule(deps: PlaybackDeps) {
  const { config, clock, db, storage, catalog, metrics } = deps;
  const repos = { playbackSessions: new PlaybackRepo(db), playbackQuality: new PlaybackQualityRepo(db) };
  // The playback sessions every stream address checks (from memory when that can tell).
  const livePlaybacks = new LivePlaybacks(repos.playbackSessions, clock);
  const signer = new StreamSigner(loadStreamSecret(config.media.streamSigningSecret, config.dataDir));
  const quality = new PlaybackQualityService(repos.playbackQuality, catalog.titles, clock, metrics);
  registerLiveGauge(metrics, repos.playbackSessions, clock);
  const services = {
    livePlaybacks,
    playbackQuality: quality,
    playback: new PlaybackService(
      repos.playbackSessions,
      livePlaybacks,
      deps.access,
      catalog.titles,
      deps.profiles,
      clock,
      quality,
      metrics,
    ),
    streaming: new StreamingService(
      catalog.titles,
      catalog.episodes,
      catalog.mediaAssets,
      catalog.audioTracks,
      deps.entitlements,
      livePlaybacks,
      signer,
      storage,
      clock,
      config.media.streamUrlTtlSeconds,
      deps.liveSessions,
    ),
  };
  deps.events.on('profileSwitched', ({ sessionHash }) => services.playback.stopAllOf(sessionHash));
  const registerRoutes = (app: AppInstance) => {
    playbackRoutes(app, services.playback);
    streamingRoutes(app, services.streaming, storage, {
      accelPrefix: config.media.accelRedirectPrefix,
      memory: new MediaFileCache(config.media.memoryCacheBytes),
      segments: segmentCounters(metrics),
    });
  };
  return { repos, services, qualityReport: quality as PlaybackQualityReport, registerRoutes };
}

/**
 * The live playback sessions of the whole service by plan and quality cap, read from the database at each scrape
 * (every process reports the same figure: read it with max, not sum).
 */
function registerLiveGauge(metrics: Metrics, sessions: PlaybackRepo, clock: Clock): void {
  metrics.gauge(
    'playback_sessions_live',
    'Playback sessions heard from within the silence limit and not stopped, by plan and quality cap',
    ['plan', 'quality_cap'],
    async (set) => {
      const since = new Date(clock.now().getTime() - SILENCE_MS).toISOString();
      for (const row of await sessions.liveByPlan(since))
        set({ plan: row.plan, quality_cap: String(row.max_height) }, Number(row.live));
    },
  );
}

/** Media files (segments, init segments, the start media) served through the app, and their bytes. */
function segmentCounters(metrics: Metrics): SegmentCounter {
  const requests = metrics.counter(
    'segment_requests_total',
    'Media segment requests answered, by how: app (Node sent the bytes), accel (nginx did) or bucket (a redirect)',
    ['delivery'],
  );
  const bytes = metrics.counter(
    'segment_bytes_total',
    'Media segment bytes the app sent itself (what nginx or a bucket sends is not seen here)',
    [],
  );
  return {
    served(delivery, sent) {
      requests.inc({ delivery });
      if (sent > 0) bytes.inc({}, sent);
    },
  };
}

export type PlaybackModule = ReturnType<typeof createPlaybackModule>;

const CLEANUP_MS = 60_000;

/** Forgets playback sessions silent for a day, and quality figures past their keep, every minute while open. */
export function startPlaybackCleanup(app: AppInstance, playback: PlaybackModule): void {
  repeatWhileOpen(app, CLEANUP_MS, 'playback cleanup', async () => {
    await playback.services.playback.cleanup();
    await playback.services.playbackQuality.cleanup();
  });
}

// Playback's face: what other domains may use of it.
/** The players' quality figures per title over the last day, for the admin dashboard. */
export type PlaybackQualityReport = Pick<PlaybackQualityService, 'lastDay'>;
