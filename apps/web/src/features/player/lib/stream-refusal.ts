import type Hls from 'hls.js';
import { useEffect } from 'react';

/** What the player needs of an hls.js error. */
export interface StreamError {
  fatal: boolean;
  type: string;
  response?: { code: number } | undefined;
}

/**
 * An hls.js error that means the stream is over for this device: our 409 (its playback session was stopped from
 * another device or went silent), or a 403 that hls.js gave up on (an address no longer valid).
 */
export function isStreamRefusal(error: StreamError): boolean {
  if (error.type !== 'networkError') return false;
  const status = error.response?.code;
  return status === 409 || (error.fatal && status === 403);
}

type Emitter = {
  on(event: string, fn: (event: string, data: StreamError) => void): void;
  off(event: string, fn: (event: string, data: StreamError) => void): void;
};

/** Calls `onRefused` when a stream address of this hls.js instance is refused (see isStreamRefusal). */
export function useStreamRefusal(hls: Hls | null, onRefused: (() => void) | undefined): void {
  useEffect(() => {
    if (!hls || !onRefused) return;
    const onError = (_event: string, data: StreamError) => {
      if (isStreamRefusal(data)) onRefused();
    };
    // The event name as a string: a value import of hls.js here would pull it out of its own chunk.
    const events = hls as unknown as Emitter;
    events.on('hlsError', onError);
    return () => events.off('hlsError', onError);
  }, [hls, onRefused]);
}
