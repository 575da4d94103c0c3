import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/harness.js';
import { LivePlaybacks, LOOK_MS, type PlaybackSessionReader, SILENCE_MS } from './live-playbacks.js';
import type { PlaybackRow } from './playback-repo.js';

/** The playback table as another instance sees it, counting the reads the memory makes. */
class FakeSessions implements PlaybackSessionReader {
  readonly rows = new Map<string, PlaybackRow>();
  reads = 0;
  versionReads = 0;
  private counter = 1;

  async find(playbackId: string) {
    this.reads++;
    const row = this.rows.get(playbackId);
    return row && { ...row };
  }
  async endedSince(sinceIso: string) {
    return [...this.rows.values()].filter((row) => row.ended_at !== null && row.ended_at > sinceIso);
  }
  async version() {
    this.versionReads++;
    return this.counter;
  }
  /** Another instance ends a session: the trigger bumps the version. */
  end(playbackId: string, at: Date) {
    this.rows.get(playbackId)!.ended_at = at.toISOString();
    this.counter++;
  }
}

/** The sign-in sessions that started the rows of `setup` (one per account). */
const viewer7 = { user_id: 7, session_hash: 'signed-in-7', profile_id: 7, maturity_ceiling: null };
const viewer8 = { user_id: 8, session_hash: 'signed-in-8', profile_id: 8, maturity_ceiling: null };

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const clock = new TestClock();
  const sessions = new FakeSessions();
  const live = new LivePlaybacks(sessions, clock);
  const row = (id: string, userId = 7): PlaybackRow => {
    const now = clock.now().toISOString();
    const value = {
      playback_id: id,
      user_id: userId,
      session_hash: `signed-in-${userId}`,
      profile_id: userId,
      title_id: 3,
      device_label: 'TV',
      started_at: now,
      last_seen_at: now,
      ended_at: null,
      plan: 'basic',
      max_height: 480,
    };
    sessions.rows.set(id, value);
    return { ...value };
  };
  const now = () => clock.now().getTime();
  return { clock, sessions, live, row, now };
}

describe('live playbacks in memory', () => {
  it('answers a session it wrote from memory, without a read or a promise, until its lease runs out', async () => {
    const { clock, sessions, live, row, now } = setup();
    live.remember(row('tv'));
    await settle();
    const reads = sessions.reads;
    expect(live.state('tv', viewer7, now())).toBe('live');
    clock.advance(SILENCE_MS);
    expect(live.state('tv', viewer7, now())).toBe('live');
    expect(sessions.reads).toBe(reads);
    expect(live.state('tv', viewer8, now())).toBe('none');

    // One millisecond past the lease: read once (another instance may have had the heartbeat), then not
    // again within LOOK_MS.
    clock.advance(1);
    expect(await live.state('tv', viewer7, now())).toBe('silent');
    expect(sessions.reads).toBe(reads + 1);
    clock.advance(LOOK_MS - 1);
    expect(live.state('tv', viewer7, now())).toBe('silent');
    expect(sessions.reads).toBe(reads + 1);
  });

  it('reads a session it does not know once for everyone asking, and keeps it', async () => {
    const { sessions, live, row, now } = setup();
    row('phone');
    const answers = await Promise.all([
      live.state('phone', viewer7, now()),
      live.state('phone', viewer7, now()),
    ]);
    expect(answers).toEqual(['live', 'live']);
    expect(sessions.reads).toBe(1);
    expect(live.state('phone', viewer7, now())).toBe('live');
    expect(await live.state('nowhere', viewer7, now())).toBe('none');
    expect(await live.state('phone', viewer8, now())).toBe('none');
    expect(await live.check('phone', viewer7, 4)).toBe('none');
    expect(await live.check('phone', viewer7, 3)).toBe('live');
  });

  it('refuses another sign-in session of the same account: a playback id read from the device list streams nothing', async () => {
    const { live, row, now } = setup();
    live.remember(row('tv'));
    const otherDevice = {
      user_id: 7,
      session_hash: 'signed-in-7-elsewhere',
      profile_id: 7,
      maturity_ceiling: null,
    };
    expect(live.state('tv', otherDevice, now())).toBe('none');
    expect(await live.check('tv', otherDevice, 3)).toBe('none');
    expect(live.state('tv', viewer7, now())).toBe('live');
  });

  it('keeps a session alive whose heartbeats went to another instance', async () => {
    const { clock, sessions, live, row, now } = setup();
    live.remember(row('tv'));
    clock.advance(SILENCE_MS - 1000);
    sessions.rows.get('tv')!.last_seen_at = clock.now().toISOString();
    clock.advance(2000);
    expect(await live.state('tv', viewer7, now())).toBe('live');
    clock.advance(SILENCE_MS - 2000);
    expect(live.state('tv', viewer7, now())).toBe('live');
  });

  it('learns of a stop on another instance at its next look at the version, once a second at most', async () => {
    const { clock, sessions, live, row, now } = setup();
    live.remember(row('tv'));
    expect(live.state('tv', viewer7, now())).toBe('live');
    await settle();
    const looks = sessions.versionReads;
    sessions.end('tv', clock.now());
    clock.advance(LOOK_MS - 1);
    expect(live.state('tv', viewer7, now())).toBe('live');
    await settle();
    expect(sessions.versionReads).toBe(looks);
    clock.advance(1);
    // This request looks without waiting for the answer; the next one knows.
    expect(live.state('tv', viewer7, now())).toBe('live');
    await settle();
    expect(sessions.versionReads).toBe(looks + 1);
    expect(live.state('tv', viewer7, now())).toBe('stopped');
  });

  it('never brings back a session it stopped, even from a read that started before', async () => {
    const { clock, live, row, now } = setup();
    const tv = row('tv');
    const before = live.check('tv', viewer7, 3);
    live.remember({ ...tv, ended_at: clock.now().toISOString() });
    expect(await before).toBe('stopped');
    expect(live.state('tv', viewer7, now())).toBe('stopped');
  });
});
