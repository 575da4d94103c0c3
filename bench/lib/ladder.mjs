// Transcode figures: speed as a multiple of real time for 720p and 1080p sources, and the one-process
// ladder against one ffmpeg run per rendition on the same source. Uses the server's own argument builders.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { median } from './tools.mjs';

const SOURCE_SECONDS = 10;

function timed(command, args, cwd) {
  const started = process.hrtime.bigint();
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** One rendition alone, from its own decode, with the encoder settings the ladder uses for it. */
function singleRenditionArgs(input, rendition, plan, renditionOutputArgs) {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-i',
    input,
    '-vf',
    `scale=-2:${rendition.height}:flags=bicubic,setsar=1`,
    '-map',
    '0:v:0',
    ...renditionOutputArgs(rendition, plan.gop),
  ];
}

export async function measureLadder({ root, work, rounds }) {
  const dist = path.join(root, 'apps/server/dist/modules/media/ffmpeg');
  const { planTranscode, transcodeArgs, renditionOutputArgs } = await import(path.join(dist, 'ladder.js'));
  const { resolveMediaBinaries } = await import(path.join(dist, 'binaries.js'));
  const { ffmpeg } = await resolveMediaBinaries(process.env.FFMPEG_PATH, process.env.FFPROBE_PATH);
  const dir = path.join(work, 'ladder');
  fs.mkdirSync(dir, { recursive: true });

  const results = [];
  let ladderVsSeparate;
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ]) {
    const source = path.join(dir, `source-${height}.mp4`);
    if (!fs.existsSync(source)) {
      execFileSync(ffmpeg.path, [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${width}x${height}:rate=25:duration=${SOURCE_SECONDS}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:duration=${SOURCE_SECONDS}`,
        '-c:v',
        'libx264',
        '-preset',
        'fast',
        '-crf',
        '20',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        source,
      ]);
    }
    const info = { width, height, fps: 25, audioChannels: [2], duration: SOURCE_SECONDS };
    const plan = planTranscode(info);
    const out = path.join(dir, `out-${height}`);
    const fresh = () => {
      fs.rmSync(out, { recursive: true, force: true });
      for (const r of [...plan.renditions, ...plan.audio])
        fs.mkdirSync(path.join(out, r.dir), { recursive: true });
    };
    const ladderTimes = [];
    const separateTimes = [];
    for (let round = 0; round <= rounds; round++) {
      fresh();
      const ladder = timed(ffmpeg.path, transcodeArgs(source, plan), out);
      fresh();
      let separate = 0;
      for (const rendition of plan.renditions)
        separate += timed(
          ffmpeg.path,
          singleRenditionArgs(source, rendition, plan, renditionOutputArgs),
          out,
        );
      // The same outputs as the ladder: its sound, poster frame and scrub sprite, from a run of their own.
      separate += timed(ffmpeg.path, transcodeArgs(source, { ...plan, renditions: [] }), out);
      if (round > 0) {
        ladderTimes.push(ladder);
        separateTimes.push(separate);
      }
    }
    const speed = SOURCE_SECONDS / median(ladderTimes);
    results.push({
      name: `transcode speed, ${height}p source (whole ladder: ${plan.renditions.map((r) => r.height).join('/')}, poster, sprite)`,
      ours: `${speed.toFixed(2)}x real time`,
      reference: `${SOURCE_SECONDS} s of video in ${median(ladderTimes).toFixed(1)} s`,
      ratio: speed,
      goal: 'figure (no goal set)',
      met: true,
    });
    if (height === 1080) {
      const ratio = median(ladderTimes) / median(separateTimes);
      ladderVsSeparate = {
        name: 'ladder: one ffmpeg process for 1080p/720p/480p',
        ours: `${median(ladderTimes).toFixed(1)} s`,
        reference: `${median(separateTimes).toFixed(1)} s (three separate runs, and one for the poster and sprite)`,
        ratio,
        goal: 'at most 0.85x the wall time',
        met: ratio <= 0.85,
      };
    }
  }
  results.push(ladderVsSeparate);
  return results;
}
