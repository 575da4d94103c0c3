import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import { repeatWhileOpen } from '../../platform/timers.js';
import type { LiveSessionReader } from '../../platform/viewer-session.js';
import type { AccessReader } from '../billing/module.js';
import type { CatalogRecords } from '../catalog/module.js';
import { LivePlaybacks } from './sessions/live-playbacks.js';
import { PlaybackRepo } from './sessions/playback-repo.js';
import { playbackRoutes } from './sessions/playback-routes.js';
import { PlaybackService, type ProfileNames } from './sessions/playback-service.js';
import type { EntitlementProvider } from './streams/entitlement.js';
import { streamingRoutes } from './streams/routes.js';
import { MediaFileCache } from './streams/send-file.js';
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
}

/**
 * Playback: the playback sessions that hold the plan's stream limit, and the stream addresses (playlists, segments,
 * subtitles), signed and bound to one of those sessions.
 */
export function createPlaybackModule(deps: PlaybackDeps) {
  const { config, clock, db, storage, catalog } = deps;
  const repos = { playbackSessions: new PlaybackRepo(db) };
  // The playback sessions every stream address checks (from memory when that can tell).
  const livePlaybacks = new LivePlaybacks(repos.playbackSessions, clock);
  const signer = new StreamSigner(loadStreamSecret(config.media.streamSigningSecret, config.dataDir));
  const services = {
    livePlaybacks,
    playback: new PlaybackService(
      repos.playbackSessions,
      livePlaybacks,
      deps.access,
      catalog.titles,
      deps.profiles,
      clock,
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
    });
  };
  return { repos, services, registerRoutes };
}

export type PlaybackModule = ReturnType<typeof createPlaybackModule>;

const CLEANUP_MS = 60_000;

/** Forgets playback sessions silent for a day, every minute while the app is open. */
export function startPlaybackCleanup(app: AppInstance, playback: PlaybackModule): void {
  repeatWhileOpen(app, CLEANUP_MS, 'playback cleanup', () => playback.services.playback.cleanup());
}
