import { type PublishableTitle, publishBlocker } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';

const ready = { status: 'ready' as const };
const processing = { status: 'processing' as const };
const movie = (over: Partial<PublishableTitle>): PublishableTitle => ({
  kind: 'movie',
  video: null,
  trailer: null,
  release_date: null,
  seasons: [],
  ...over,
});

/** The rule the server's 409 and the admin's Publish button share. */
describe('publishBlocker', () => {
  const today = '2026-06-01';

  it('publishes a movie whose video is ready, and refuses one whose video is not', () => {
    expect(publishBlocker(movie({ video: ready }), today)).toBeNull();
    expect(publishBlocker(movie({ video: processing, trailer: ready }), today)).toMatch(/video is ready/);
  });

  it('publishes a title coming soon on its ready trailer alone, but not once its release date has come', () => {
    expect(publishBlocker(movie({ trailer: ready, release_date: '2026-06-02' }), today)).toBeNull();
    expect(publishBlocker(movie({ trailer: ready, release_date: today }), today)).not.toBeNull();
    expect(publishBlocker(movie({ trailer: processing, release_date: '2026-07-01' }), today)).not.toBeNull();
  });

  it('publishes a serial once one episode has a ready video', () => {
    const serial = (videos: (typeof ready | null)[]) =>
      movie({ kind: 'series', seasons: [{ episodes: videos.map((video) => ({ video })) }] });
    expect(publishBlocker(serial([null, ready]), today)).toBeNull();
    expect(publishBlocker(serial([null]), today)).toMatch(/episodes has a ready video/);
  });
});
