import { displayGenre } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { mediaCondition, requestedStatus, settledStatus } from '../pipeline/media-state.js';

describe('title status rules', () => {
  it('follows the media for unpublished titles and leaves published ones alone', () => {
    expect(mediaCondition([])).toBe('none');
    expect(mediaCondition([{ status: 'ready' }, { status: 'queued' }])).toBe('pending');
    expect(mediaCondition([{ status: 'ready' }, { status: 'failed' }])).toBe('failed');
    expect(settledStatus('draft', 'pending')).toBe('processing');
    expect(settledStatus('processing', 'ok')).toBe('ready');
    expect(settledStatus('processing', 'failed')).toBe('failed');
    expect(settledStatus('failed', 'none')).toBe('draft');
    expect(settledStatus('published', 'pending')).toBe('published');
    expect(settledStatus('archived', 'failed')).toBe('archived');
  });

  it('lets an admin publish or archive at any time, but not hide a running transcode', () => {
    expect(requestedStatus('processing', 'published', 'pending')).toBe('published');
    expect(requestedStatus('processing', 'draft', 'pending')).toBe('processing');
    expect(requestedStatus('published', 'ready', 'ok')).toBe('ready');
    expect(requestedStatus('ready', '', 'ok')).toBe('ready');
  });

  it('spells genres one way', () => {
    expect(displayGenre(' sci-fi ')).toBe('Sci-Fi');
    expect(displayGenre('TV thriller')).toBe('Tv Thriller');
  });
});
