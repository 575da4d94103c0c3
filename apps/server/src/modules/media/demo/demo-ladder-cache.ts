import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../../../lib/tokens.js';
import type { TranscodeResult } from '../ffmpeg/tools.js';
import type { GeneratedSource } from '../pipeline/transcode-handler.js';

/** Hard links (copies across file systems) of every file under `from`, in the same places under `to`. */
async function linkTree(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else await fs.link(source, target).catch(() => fs.copyFile(source, target));
  }
}

/**
 * A film's finished ladder, kept beside the film: the features that share a film share its encoding, made by
 * the first of them (segments are never rewritten in place, so links are safe).
 */
export function ladderCache(dir: string): NonNullable<GeneratedSource['ladder']> {
  const relative = (workDir: string, file: string | undefined) => file && path.relative(workDir, file);
  return {
    async load(workDir) {
      const saved = await fs.readFile(path.join(dir, 'result.json'), 'utf8').catch(() => undefined);
      if (!saved) return undefined;
      const result = JSON.parse(saved) as TranscodeResult;
      await fs.rm(workDir, { recursive: true, force: true });
      await linkTree(path.join(dir, 'files'), workDir);
      const inWork = (file: string | undefined) => file && path.join(workDir, file);
      return { ...result, posterFile: inWork(result.posterFile), spriteFile: inWork(result.spriteFile) };
    },
    async keep(workDir, result) {
      const tmp = `${dir}.tmp-${randomToken(4)}`;
      await linkTree(workDir, path.join(tmp, 'files'));
      const saved = {
        ...result,
        posterFile: relative(workDir, result.posterFile),
        spriteFile: relative(workDir, result.spriteFile),
      };
      await fs.writeFile(path.join(tmp, 'result.json'), JSON.stringify(saved));
      // Another worker may have kept the same ladder first: theirs stays.
      await fs.rename(tmp, dir).catch(() => fs.rm(tmp, { recursive: true, force: true }));
    },
  };
}
