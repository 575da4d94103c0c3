import { describe, expect, it } from 'vitest';
import {
  masterPlaylist,
  parseVariantPlaylist,
  renditionBandwidth,
  rewriteVariant,
  subtitlePlaylist,
  variantPlaylist,
} from '../../../lib/hls.js';
import {
  filterGraph,
  planHeights,
  planSprite,
  planTranscode,
  progressSeconds,
  spriteVtt,
  transcodeArgs,
} from './ladder.js';
import { codecString, parseProbe } from './probe.js';

const source = { width: 1920, height: 1080, fps: 25, audioChannels: [2, 6], duration: 95 };

describe('ladder planning', () => {
  it('never goes above the source and keeps one rendition for small sources', () => {
    expect(planHeights(2160)).toEqual([1080, 720, 480]);
    expect(planHeights(1080)).toEqual([1080, 720, 480]);
    expect(planHeights(1000)).toEqual([720, 480]);
    expect(planHeights(720)).toEqual([720, 480]);
    expect(planHeights(480)).toEqual([480]);
    expect(planHeights(360)).toEqual([360]);
    expect(planHeights(181)).toEqual([180]);
  });

  it('aligns keyframes: a fixed GOP of about two seconds', () => {
    expect(planTranscode(source).gop).toBe(50);
    expect(planTranscode({ ...source, fps: 29.97 }).gop).toBe(60);
    expect(planTranscode({ ...source, fps: 0 }).gop).toBe(50);
  });

  it('plans at most about a hundred sprite tiles, ten per row', () => {
    expect(planSprite(95, 1920, 1080)).toEqual({
      interval: 1,
      count: 95,
      cols: 10,
      rows: 10,
      tileWidth: 160,
      tileHeight: 90,
    });
    expect(planSprite(2, 640, 360)).toMatchObject({ interval: 1, count: 2, cols: 2, rows: 1 });
    expect(planSprite(7200, 1280, 720)).toMatchObject({ interval: 72, count: 100 });
  });
});

describe('ffmpeg arguments', () => {
  const plan = planTranscode(source);
  const args = transcodeArgs('/data/in.mp4', plan);

  it('decodes once and splits into every rendition, the poster and the sprite', () => {
    expect(filterGraph(plan)).toBe(
      '[0:v]split=5[v0][v1][v2][v3][v4];' +
        '[v0]scale=-2:1080:flags=bicubic,setsar=1[o0];[v1]scale=-2:720:flags=bicubic,setsar=1[o1];' +
        '[v2]scale=-2:480:flags=bicubic,setsar=1[o2];[v3]trim=start=9.500,scale=-2:720,setsar=1[poster];' +
        '[v4]fps=fps=1/1,scale=160:90,setsar=1,tile=10x10[sprite]',
    );
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args).not.toContain('-var_stream_map');
  });

  it('writes one fragmented MP4 per rendition, a fragment per GOP, aligned keyframes and no audio', () => {
    expect(args.filter((a) => a === 'mp4')).toHaveLength(3 + 3);
    expect(args.filter((a) => a === '+frag_keyframe+empty_moov+default_base_moof')).toHaveLength(3);
    expect(args.filter((a) => a === '-sc_threshold')).toHaveLength(3);
    // Keyframes at 0, 0.5 and 2 s, then every 6 s: where the segments start.
    expect(
      args.filter(
        (a) => a === 'expr:if(eq(n_forced,1),gte(t,0.5),if(eq(n_forced,2),gte(t,2),gte(t,(n_forced-2)*6)))',
      ),
    ).toHaveLength(3);
    expect(args.filter((a) => a === '-an')).toHaveLength(3);
    for (const height of [1080, 720, 480]) expect(args).toContain(`${height}p/stream.mp4`);
    expect(args.slice(0, 8)).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-nostats',
      '-progress',
      'pipe:1',
    ]);
    expect(args.slice(-7)).toEqual(['-map', '[sprite]', '-frames:v', '1', '-q:v', '5', 'sprite.jpg']);
  });

  it('encodes each audio stream once, in stereo, and in 5.1 too where it has six channels', () => {
    expect(plan.audio).toEqual([
      { stream: 0, channels: 2, kbps: 128, dir: 'a0/2ch' },
      { stream: 1, channels: 2, kbps: 128, dir: 'a1/2ch' },
      { stream: 1, channels: 6, kbps: 384, dir: 'a1/6ch' },
    ]);
    const outputs = args.flatMap((a, i) =>
      a === '-map' && args[i + 1]!.startsWith('0:a:') ? [args[i + 1]] : [],
    );
    expect(outputs).toEqual(['0:a:0', '0:a:1', '0:a:1']);
    expect(args.filter((a) => a === 'aac')).toHaveLength(3);
    for (const dir of ['a0/2ch', 'a1/2ch', 'a1/6ch']) expect(args).toContain(`${dir}/stream.mp4`);
    expect(args[args.indexOf('a1/6ch/stream.mp4') - 11]).toBe('6');
  });

  it("keeps a trailer's one sound in every rendition, stereo, with no audio renditions", () => {
    const muxed = planTranscode(source, 'muxed');
    expect(muxed.audio).toEqual([]);
    const trailer = transcodeArgs('in.mp4', muxed);
    expect(trailer.filter((a) => a === '0:a:0')).toHaveLength(3);
    expect(trailer).not.toContain('0:a:1');
    expect(trailer.filter((a) => a === 'aac')).toHaveLength(3);
    expect(trailer).not.toContain('-an');
    expect(trailer.filter((a) => a === 'mp4')).toHaveLength(3);
  });

  it('maps no audio for a silent source', () => {
    for (const layout of ['alternate', 'muxed'] as const) {
      const silent = transcodeArgs('in.mp4', planTranscode({ ...source, audioChannels: [] }, layout));
      expect(silent).not.toContain('0:a:0');
      expect(silent).not.toContain('aac');
    }
  });

  it('reads progress in microseconds from either key', () => {
    expect(progressSeconds('out_time_ms=2500000')).toBe(2.5);
    expect(progressSeconds('out_time_us=1000000')).toBe(1);
    expect(progressSeconds('progress=end')).toBe('end');
    expect(progressSeconds('frame=12')).toBeUndefined();
    expect(progressSeconds('out_time_us=N/A')).toBeUndefined();
  });

  it('indexes sprite tiles in WebVTT with #xywh', () => {
    const vtt = spriteVtt(planSprite(12.5, 1280, 720), 12.5, '/media/images/previews/a1-sprite.jpg');
    expect(
      vtt.startsWith(
        'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n/media/images/previews/a1-sprite.jpg#xywh=0,0,160,90',
      ),
    ).toBe(true);
    expect(vtt).toContain(
      '00:00:12.000 --> 00:00:12.500\n/media/images/previews/a1-sprite.jpg#xywh=320,90,160,90',
    );
  });
});

describe('playlists', () => {
  const variant = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:6',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MAP:URI="init.mp4"',
    '#EXTINF:6.000000,',
    'seg_00000.m4s',
    '#EXTINF:2.500000,',
    'seg_00001.m4s',
    '#EXT-X-ENDLIST',
  ].join('\n');

  it('reads a variant playlist and rates it from segment sizes', () => {
    const parsed = parseVariantPlaylist(variant);
    expect(parsed).toEqual({
      initUri: 'init.mp4',
      segments: [
        { duration: 6, uri: 'seg_00000.m4s' },
        { duration: 2.5, uri: 'seg_00001.m4s' },
      ],
    });
    const sizes: Record<string, number> = {
      'init.mp4': 1000,
      'seg_00000.m4s': 600_000,
      'seg_00001.m4s': 500_000,
    };
    expect(renditionBandwidth(parsed, (uri) => sizes[uri]!)).toEqual({
      bandwidth: 1_600_000,
      average: 1_036_236,
    });
  });

  it('writes a VOD variant playlist that reads back, the target duration rounded up', () => {
    const segments = [
      { duration: 6, uri: 'seg_00000.m4s' },
      { duration: 6.04, uri: 'seg_00001.m4s' },
      { duration: 1.5, uri: 'seg_00002.m4s' },
    ];
    const text = variantPlaylist('init.mp4', segments);
    expect(text).toContain('#EXT-X-TARGETDURATION:7\n');
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    expect(parseVariantPlaylist(text)).toEqual({ initUri: 'init.mp4', segments });
    expect(variantPlaylist('init.mp4', [{ duration: 6, uri: 'a.m4s' }])).toContain(
      '#EXT-X-TARGETDURATION:6\n',
    );
  });

  it('rewrites init and segment addresses', () => {
    const rewritten = rewriteVariant(variant, (uri) => `/s/tok/${uri}`);
    expect(rewritten).toContain('#EXT-X-MAP:URI="/s/tok/init.mp4"');
    expect(rewritten).toContain('\n/s/tok/seg_00001.m4s\n');
  });

  it('writes the master playlist best first, with codecs and subtitle renditions', () => {
    const r = (height: number, width: number) => ({
      height,
      width,
      bandwidth: height * 1000,
      average_bandwidth: height * 900,
      codecs: 'avc1.64001f,mp4a.40.2',
      frame_rate: 25,
    });
    const text = masterPlaylist(
      [
        { rendition: r(480, 854), uri: '/a/480' },
        { rendition: r(720, 1280), uri: '/a/720' },
      ],
      [{ language: 'uz', label: 'Oʻzbekcha', uri: '/a/sub' }],
    );
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Oʻzbekcha",LANGUAGE="uz",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="/a/sub"',
        '#EXT-X-STREAM-INF:BANDWIDTH=720000,AVERAGE-BANDWIDTH=648000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=25.000,SUBTITLES="subs"',
        '/a/720',
        '#EXT-X-STREAM-INF:BANDWIDTH=480000,AVERAGE-BANDWIDTH=432000,RESOLUTION=854x480,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=25.000,SUBTITLES="subs"',
        '/a/480',
        '',
      ].join('\n'),
    );
    expect(subtitlePlaylist(9.2, '/a/sub.vtt')).toContain('#EXT-X-TARGETDURATION:10\n');
  });
});

describe('ffprobe output', () => {
  it('finds the picture, the sound and the RFC 6381 codec string', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [
          {
            codec_type: 'video',
            codec_name: 'mjpeg',
            width: 300,
            height: 300,
            disposition: { attached_pic: 1 },
          },
          {
            codec_type: 'video',
            codec_name: 'h264',
            width: 1280,
            height: 720,
            avg_frame_rate: '30000/1001',
            profile: 'High',
            level: 31,
          },
          { codec_type: 'audio', codec_name: 'aac', profile: 'LC', channels: 2 },
        ],
        format: { duration: '12.5', size: '123456', format_name: 'mov,mp4,m4a,3gp,3g2,mj2' },
      }),
    );
    expect(probe).toMatchObject({
      duration: 12.5,
      sizeBytes: 123456,
      video: { width: 1280, height: 720, codec: 'h264' },
    });
    expect(probe.video!.fps).toBeCloseTo(29.97, 2);
    expect(codecString(probe)).toBe('avc1.64001f,mp4a.40.2');
    const rotated = parseProbe(
      JSON.stringify({
        streams: [{ codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] }],
      }),
    );
    expect(rotated.video).toMatchObject({ width: 1080, height: 1920 });
    expect(parseProbe('{"streams":[{"codec_type":"audio"}]}').video).toBeUndefined();
  });
});
