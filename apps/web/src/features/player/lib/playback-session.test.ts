import { describe, expect, it } from 'vitest';
import { gateFrom, withPlayback } from './playback-session';

describe('playback sessions in the player', () => {
  it('puts the playback id on a feature address, keeping its query', () => {
    expect(withPlayback('/api/stream/4/master.m3u8', 'pb_123456789')).toBe(
      '/api/stream/4/master.m3u8?playback=pb_123456789',
    );
    expect(withPlayback('/api/stream/4/episodes/9/master.m3u8?x=1', 'pb_123456789')).toBe(
      '/api/stream/4/episodes/9/master.m3u8?x=1&playback=pb_123456789',
    );
    expect(withPlayback('/api/stream/4/master.m3u8', 'pb_123456789', 'Uz')).toBe(
      '/api/stream/4/master.m3u8?playback=pb_123456789&lang=Uz',
    );
  });

  it('reads the start and heartbeat answers: granted, over the limit, stopped elsewhere', () => {
    expect(gateFrom(200, { playback_id: 'pb', max_height: 720, heartbeat_seconds: 30 })).toEqual({
      state: 'ok',
      playbackId: 'pb',
      maxHeight: 720,
      heartbeatSeconds: 30,
      preroll: false,
    });
    const device = {
      playback_id: 'tv',
      title_id: 3,
      title: 'Night Harbor',
      profile: 'Dilnoza',
      device_label: 'Chrome on Windows',
      started_at: '2026-06-01T10:00:00.000Z',
      last_seen_at: '2026-06-01T10:00:00.000Z',
    };
    expect(gateFrom(409, { active: [device] })).toEqual({ state: 'limit', active: [device] });
    expect(gateFrom(410, { error: { code: 'stream_stopped' } })).toEqual({ state: 'stopped' });
    expect(gateFrom(403, { error: { code: 'upgrade_required', message: 'm' } })).toMatchObject({
      state: 'upgrade',
    });
    expect(gateFrom(401, {})).toEqual({ state: 'signin' });
  });
});
