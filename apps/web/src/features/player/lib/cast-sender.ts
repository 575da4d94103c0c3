import type { CastAddressReply } from '@salomtv/contract';
import { api } from '../../../shared/api/api-client';

/** Google's Cast sender SDK with its framework; loaded only when the viewer presses Cast. */
export const CAST_SDK_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

/** What a Cast button plays: a feature through its playback session, or a trailer (open to all). */
export interface CastTarget {
  movieId: number;
  episodeId: number | undefined;
  /** The playback session of a feature; null for a trailer, whose address needs no cookie. */
  playbackId: string | null;
  /** The address the page plays (a trailer's is given to the receiver as it is). */
  src: string;
  title: string;
}

/** The few parts of the Cast SDK the player uses (it has no types of its own on npm worth their weight). */
interface CastSession {
  loadMedia(request: unknown): Promise<unknown>;
  getCastDevice(): { friendlyName: string };
}
interface CastContext {
  setOptions(options: Record<string, unknown>): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSession | null;
  addEventListener(type: string, listener: (event: { sessionState: string }) => void): void;
}
interface CastApi {
  framework: {
    CastContext: { getInstance(): CastContext };
    CastContextEventType: { SESSION_STATE_CHANGED: string };
    SessionState: { SESSION_ENDED: string };
  };
}
interface ChromeCastApi {
  cast: {
    AutoJoinPolicy: { ORIGIN_SCOPED: string };
    media: {
      DEFAULT_MEDIA_RECEIVER_APP_ID: string;
      HlsSegmentFormat: { FMP4: string };
      HlsVideoSegmentFormat: { FMP4: string };
      MediaInfo: new (url: string, contentType: string) => Record<string, unknown> & { metadata?: unknown };
      GenericMediaMetadata: new () => { title?: string };
      LoadRequest: new (media: unknown) => { currentTime: number; autoplay: boolean };
    };
  };
}
type CastWindow = Window & {
  __onGCastApiAvailable?: (available: boolean) => void;
  cast?: CastApi;
  chrome?: ChromeCastApi & object;
};

/**
 * Whether to offer Cast: the sender SDK works in Chrome and the browsers built on Chromium (not on iOS, whose
 * browsers are all WebKit); it says itself, once loaded, whether a Cast device can be reached.
 */
export function castSupported(): boolean {
  const w = window as CastWindow;
  return typeof w.chrome === 'object' && !/iPhone|iPad|iPod/.test(navigator.userAgent);
}

let loading: Promise<CastApi & ChromeCastApi> | undefined;
/** Called when the current cast session ends (one listener on the SDK's context, whoever cast last). */
let castEnded: (() => void) | undefined;
let listening = false;

/** Loads the SDK once; refused (and tried afresh next time) when it cannot load or finds no Cast support. */
function loadCastSdk(): Promise<CastApi & ChromeCastApi> {
  const w = window as CastWindow;
  loading ??= new Promise<CastApi & ChromeCastApi>((resolve, reject) => {
    w.__onGCastApiAvailable = (available) => {
      if (available && w.cast && w.chrome?.cast)
        resolve({ framework: w.cast.framework, cast: w.chrome.cast });
      else reject(new Error('Cast is not available in this browser'));
    };
    const script = document.createElement('script');
    script.src = CAST_SDK_URL;
    script.async = true;
    script.onerror = () => reject(new Error('The Cast SDK did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The address the receiver fetches, absolute: a feature's is a cast address that works without cookies. */
async function receiverAddress(target: CastTarget): Promise<string> {
  const path = target.playbackId
    ? (
        await api.request<CastAddressReply>(`/api/playback/${encodeURIComponent(target.playbackId)}/cast`, {
          method: 'POST',
          json: { movie_id: target.movieId, ...(target.episodeId ? { episode_id: target.episodeId } : {}) },
        })
      ).url
    : target.src;
  return new URL(path, window.location.href).href;
}

/**
 * Asks the viewer for a Cast device (Chrome's own picker) and plays the target there from `at` seconds; answers
 * the device's name, or null when the viewer closed the picker. `onEnded` is called when that cast session ends.
 */
export async function castTo(target: CastTarget, at: number, onEnded: () => void): Promise<string | null> {
  const sdk = await loadCastSdk();
  const context = sdk.framework.CastContext.getInstance();
  context.setOptions({
    receiverApplicationId: sdk.cast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
    autoJoinPolicy: sdk.cast.AutoJoinPolicy.ORIGIN_SCOPED,
  });
  // The SDK refuses with the error code 'cancel' when the viewer closes its picker.
  const chosen = await context.requestSession().then(
    () => true,
    (error: unknown) => {
      if (error === 'cancel') return false;
      throw error;
    },
  );
  if (!chosen) return null;
  const session = context.getCurrentSession();
  if (!session) throw new Error('No Cast device was chosen');
  const media = new sdk.cast.media.MediaInfo(await receiverAddress(target), 'application/x-mpegurl');
  media.hlsSegmentFormat = sdk.cast.media.HlsSegmentFormat.FMP4;
  media.hlsVideoSegmentFormat = sdk.cast.media.HlsVideoSegmentFormat.FMP4;
  const metadata = new sdk.cast.media.GenericMediaMetadata();
  metadata.title = target.title;
  media.metadata = metadata;
  const request = new sdk.cast.media.LoadRequest(media);
  request.currentTime = at;
  request.autoplay = true;
  await session.loadMedia(request);
  castEnded = onEnded;
  if (!listening) {
    listening = true;
    context.addEventListener(sdk.framework.CastContextEventType.SESSION_STATE_CHANGED, (event) => {
      if (event.sessionState === sdk.framework.SessionState.SESSION_ENDED) castEnded?.();
    });
  }
  return session.getCastDevice().friendlyName;
}

/** Fetches the cookie-less address of a feature for an AirPlay receiver (a trailer's plays as it is). */
export function airPlayAddress(target: CastTarget): Promise<string> {
  return receiverAddress(target);
}
