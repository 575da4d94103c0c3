import { CSRF_HEADER, type PlaybackSession } from '@salomtv/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/api-client';
import { postWhileLeaving } from './keepalive';

export type PlaybackGate =
  | { state: 'idle' }
  | { state: 'starting' }
  | { state: 'ok'; playbackId: string; maxHeight: number; heartbeatSeconds: number; preroll: boolean }
  | { state: 'limit'; active: PlaybackSession[] }
  | { state: 'subscribe' | 'upgrade' | 'signin' | 'error'; message?: string };

async function csrfHeaders(): Promise<Record<string, string>> {
  const token = await api.csrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}

/** `POST /api/playback/start` read by hand: the 409 answer carries the active devices. */
async function startPlayback(movieId: number): Promise<PlaybackGate> {
  const response = await fetch('/api/playback/start', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await csrfHeaders()) },
    body: JSON.stringify({ movie_id: movieId }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    playback_id?: string;
    max_height?: number;
    heartbeat_seconds?: number;
    preroll?: boolean;
    active?: PlaybackSession[];
    error?: { code?: string; message?: string };
  };
  if (response.ok && body.playback_id)
    return {
      state: 'ok',
      playbackId: body.playback_id,
      maxHeight: body.max_height ?? 480,
      heartbeatSeconds: body.heartbeat_seconds ?? 30,
      preroll: body.preroll === true,
    };
  if (response.status === 401) return { state: 'signin' };
  if (response.status === 409) return { state: 'limit', active: body.active ?? [] };
  if (body.error?.code === 'upgrade_required') return { state: 'upgrade', message: body.error.message };
  if (response.status === 403) return { state: 'subscribe', message: body.error?.message };
  return { state: 'error', message: body.error?.message };
}

const stopPlayback = (id: string) =>
  api
    .request<void>(`/api/playback/${encodeURIComponent(id)}/stop`, { method: 'POST' })
    .catch(() => undefined);

/**
 * A playback session for a feature (trailers need none): started before playing, kept alive with heartbeats,
 * stopped when the player closes. On the stream limit it lists the devices, and `stopOther` frees one.
 */
export function usePlaybackSession(movieId: number, enabled: boolean) {
  const [gate, setGate] = useState<PlaybackGate>({ state: 'idle' });
  const current = useRef<string | null>(null);

  const start = useCallback(async () => {
    setGate({ state: 'starting' });
    const next = await startPlayback(movieId).catch(() => ({ state: 'error' }) as PlaybackGate);
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
      if (current.current) postWhileLeaving(`/api/playback/${encodeURIComponent(current.current)}/stop`);
    };
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      if (current.current) void stopPlayback(current.current);
      current.current = null;
    };
  }, [enabled, start]);

  const playbackId = gate.state === 'ok' ? gate.playbackId : null;
  const heartbeatSeconds = gate.state === 'ok' ? gate.heartbeatSeconds : 30;
  useEffect(() => {
    if (!playbackId) return;
    const timer = setInterval(() => {
      void api
        .request<void>(`/api/playback/${encodeURIComponent(playbackId)}/heartbeat`, { method: 'POST' })
        .catch(() => undefined);
    }, heartbeatSeconds * 1000);
    return () => clearInterval(timer);
  }, [playbackId, heartbeatSeconds]);

  const stopOther = useCallback(
    async (otherId: string) => {
      await stopPlayback(otherId);
      await start();
    },
    [start],
  );

  return { gate, stopOther };
}
