import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface Binary {
  path: string;
  /** Where it came from: the setting, the system PATH, or the npm-shipped build. */
  source: 'setting' | 'path' | 'npm';
  /** First line of `-version`. */
  version: string;
}

export interface MediaBinaries {
  ffmpeg: Binary;
  ffprobe: Binary;
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function fromNpm(pkg: string): string | undefined {
  try {
    const found = require(pkg) as { path?: string };
    return found.path && fs.existsSync(found.path) ? found.path : undefined;
  } catch {
    return undefined;
  }
}

async function versionOf(file: string): Promise<string> {
  const { stdout } = await run(file, ['-version'], { timeout: 10_000 });
  return stdout.split('\n')[0]?.trim() ?? 'unknown';
}

/** FFMPEG_PATH (or FFPROBE_PATH), else the binary on PATH, else the one shipped by the npm installer package. */
export async function resolveBinary(
  name: 'ffmpeg' | 'ffprobe',
  configured: string | undefined,
  npmPackage: string,
): Promise<Binary> {
  const candidates: { path: string | undefined; source: Binary['source'] }[] = [
    { path: configured, source: 'setting' },
    { path: onPath(name), source: 'path' },
    { path: fromNpm(npmPackage), source: 'npm' },
  ];
  for (const candidate of candidates) {
    if (!candidate.path) continue;
    try {
      return { path: candidate.path, source: candidate.source, version: await versionOf(candidate.path) };
    } catch (error) {
      if (candidate.source === 'setting') {
        throw new Error(
          `${name} at ${candidate.path} (from the setting) does not run: ${(error as Error).message}`,
        );
      }
    }
  }
  throw new Error(
    `No ${name} found: set ${name.toUpperCase()}_PATH, install ${name}, or reinstall ${npmPackage}`,
  );
}

let cached: { key: string; value: Promise<MediaBinaries> } | undefined;

/** Resolves both binaries once per process (per setting pair). */
export function resolveMediaBinaries(
  ffmpegPath: string | undefined,
  ffprobePath: string | undefined,
): Promise<MediaBinaries> {
  const key = `${ffmpegPath ?? ''}|${ffprobePath ?? ''}`;
  if (!cached || cached.key !== key) {
    const value = Promise.all([
      resolveBinary('ffmpeg', ffmpegPath, '@ffmpeg-installer/ffmpeg'),
      resolveBinary('ffprobe', ffprobePath, '@ffprobe-installer/ffprobe'),
    ]).then(([ffmpeg, ffprobe]) => ({ ffmpeg, ffprobe }));
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
    cached = { key, value };
  }
  return cached.value;
}
