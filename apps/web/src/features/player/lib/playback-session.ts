import { CSRF_HEADER, type PlaybackQualityReport, type PlaybackSession } from '@salomtv/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/api-client';
import { postWhileLeaving } from '../../../shared/api/post-while-leaving';

export type PlaybackGate =
  | { state: 'idle' }
  | { state: 'starting' }
  | { state: 'ok'; playbackId: string; maxHeight: number; heartbeatSeconds: number; preroll: boolean }
  | { state: 'limit'; active: PlaybackSession[] }
  /** This device's session was stopped from another one (or its stream was refused): the player stops. */
  | { state: 'stopped' }
  | { state: 'subscribe' | 'upgrade' | 'signin' | 'error'; message?: string };

interface PlaybackReply {
  playback_id?: string;
  max_height?: number;
  heartbeat_seconds?: number;
  preroll?: boolean;
  active?: PlaybackSession[];
  error?: { code?: string; message?: string };
}

async function csrfHeaders(): Promise<Record<string, string>> {
  const token = await api.csrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}

/** A playback call read by hand: its 409 answer carries the devices that are watching. */
async function callPlayback(path: string, body?: unknown): Promise<{ status: number; body: PlaybackReply }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(await csrfHeaders()),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as PlaybackReply };
}

/** What an answer of `POST /api/playback/start` (or of a heartbeat) means for the player. */
export function gateFrom(status: number, body: PlaybackReply): PlaybackGate {
  if (status === 200 && body.playback_id)
    return {
      state: 'ok',
      playbackId: body.playback_id,
      maxHeight: body.max_height ?? 480,
      heartbeatSeconds: body.heartbeat_seconds ?? 30,
      preroll: body.preroll === true,
    };
  if (status === 401) return { state: 'signin' };
  if (status === 409) return { state: 'limit', active: body.active ?? [] };
  if (status === 410) return { state: 'stopped' };
  if (body.error?.code === 'upgrade_required') return { state: 'upgrade', message: body.error.message };
  if (status === 403) return { state: 'subscribe', message: body.error?.message };
  return { state: 'error', message: body.error?.message };
}

/**
 * A feature's stream address for one playback session (every feature address belongs to one), in the viewer's
 * display language: its audio track, when the title has one, plays first.
 */
export function withPlayback(src: string, playbackId: string, lang?: string): string {
  const [path = '', query = ''] = src.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('playback', playbackId);
  if (lang) params.set('lang', lang);
  return `${path}?${params.toString()}`;
}

/** The quality report since the last one, as the heartbeat and the stop carry it (no body when there is none). */
export type QualityReporter = RefObject<(() => PlaybackQualityReport | undefined) | undefined>;

function reportBody(report: QualityReporter | undefined): { quality: PlaybackQualityReport } | undefined {
  const quality = report?.current?.();
  return quality ? { quality } : undefined;
}

const stopPath = (id: string) => `/api/playback/${encodeURIComponent(id)}/stop`;

const stopPlayback = (id: string, body?: { quality: PlaybackQualityReport }) =>
  api.request<void>(stopPath(id), { method: 'POST', ...(body ? { json: body } : {}) }).catch(() => undefined);

/**
 * A playback session for a feature (trailers need none): started before playing, kept alive with heartbeats,
 * stopped when the player closes. On the stream limit it lists the devices, and `stopOther` frees one. When
 * another device stops this one (the heartbeat answers 410, or a stream address is refused: `refused`), the gate
 * says so and the player drops the stream; `start` asks for a stream again. `report`: the player's quality report
 * since the last one, sent with each heartbeat and with the stop.
 */
export function usePlaybackSession(movieId: number, enabled: boolean, report?: QualityReporter) {
  const [gate, setGate] = useState<PlaybackGate>({ state: 'idle' });
  const current = useRef<string | null>(null);

  const start = useCallback(async () => {
    setGate({ state: 'starting' });
    const next = await callPlayback('/api/playback/start', { movie_id: movieId }).then(
      (reply) => gateFrom(reply.status, reply.body),
      () => ({ state: 'error' }) as PlaybackGate,
    );
    if (next.state === 'ok') current.current = next.playbackId;
    setGate(next);
  }, [movieId]);

  useEffect(() => {
    if (!enabled) {
      setGate({ state: 'idle' });
      return;
    }
    void start();
    // Leaving the page (reload, another site, closing the tab) frees the stream at once.
    const onLeave = () => {
      if (current.current) postWhileLeaving(stopPath(current.current), reportBody(report));
    };
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      if (current.current) void stopPlayback(current.current, reportBody(report));
      current.current = null;
    };
  }, [enabled, start, report]);

  /** The session is over for this device: no stop to send, the player drops its stream. */
  const end = useCallback((next: PlaybackGate) => {
    current.current = null;
    setGate(next);
  }, []);

  const playbackId = gate.state === 'ok' ? gate.playbackId : null;
  const heartbeatSeconds = gate.state === 'ok' ? gate.heartbeatSeconds : 30;
  useEffect(() => {
    if (!playbackId) return;
    const timer = setInterval(() => {
      const path = `/api/playback/${encodeURIComponent(playbackId)}/heartbeat`;
      void callPlayback(path, reportBody(report)).then(
        ({ status, body }) => {
          // Stopped from another device (410), or back after silence with every stream taken (409).
          if (status === 410 || status === 409) end(gateFrom(status, body));
        },
        // A heartbeat lost on the way is not the end: the lease outlasts two of them.
        () => undefined,
      );
    }, heartbeatSeconds * 1000);
    return () => clearInterval(timer);
  }, [playbackId, heartbeatSeconds, end, report]);

  const stopOther = useCallback(
    async (otherId: string) => {
      await stopPlayback(otherId);
      await start();
    },
    [start],
  );

  const refused = useCallback(() => {
    // Refused by a 403 (an address past its lifetime, a plan that changed), the session may still count.
    if (current.current) void stopPlayback(current.current, reportBody(report));
    end({ state: 'stopped' });
  }, [end, report]);

  return { gate, stopOther, start, refused };
}
