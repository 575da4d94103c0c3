import { describe, expect, it } from 'vitest';
import { cueAt, parsePreviewVtt } from './preview-thumbnails';

const VTT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:01.000',
  '/media/images/previews/a-sprite.jpg#xywh=0,0,160,90',
  '',
  '00:00:01.000 --> 00:00:02.000',
  '/media/images/previews/a-sprite.jpg#xywh=160,0,160,90',
  '',
  '00:01:40.000 --> 00:01:41.500',
  'a-sprite.jpg#xywh=320,90,160,90',
  '',
].join('\n');

describe('the scrub-preview sprite index', () => {
  const cues = parsePreviewVtt(VTT, 'http://localhost/media/images/previews/a-sprite.vtt');

  it('reads each tile with its times and place in the sprite', () => {
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({
      start: 1,
      end: 2,
      url: '/media/images/previews/a-sprite.jpg',
      x: 160,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(cues[2]).toMatchObject({ start: 100, end: 101.5, x: 320, y: 90 });
    expect(cues[2]?.url).toBe('/media/images/previews/a-sprite.jpg');
  });

  it('finds the tile of a moment, and the last one past the end', () => {
    expect(cueAt(cues, 0.5)?.x).toBe(0);
    expect(cueAt(cues, 1)?.x).toBe(160);
    expect(cueAt(cues, 1.99)?.x).toBe(160);
    expect(cueAt(cues, 500)?.x).toBe(320);
    expect(cueAt([], 3)).toBeUndefined();
  });

  it('skips cues that are not sprite tiles', () => {
    expect(parsePreviewVtt('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n', 'http://x/a.vtt')).toEqual([]);
  });
});
