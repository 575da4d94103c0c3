import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { explainFfmpegOutput, MEDIA_REASONS, MediaFailure } from '../failure.js';
import { progressSeconds } from './ladder.js';

export interface RunOptions {
  cwd: string;
  /** Called with the encoded position in seconds as ffmpeg reports it. */
  onProgress?: (seconds: number) => void;
  signal?: AbortSignal;
  /** Kill ffmpeg when it reports nothing for this long (default 2 minutes). */
  stallMs?: number;
}

/** ffmpeg failed: the admin's reason as the message, ffmpeg's last lines as the detail for the log. */
export class FfmpegError extends MediaFailure {}

const STDERR_LINES = 12;
/**
 * Transcodes run below the API's priority: ffmpeg keeps every core busy, and viewers' playlist and segment
 * calls on the same machine must not wait behind it (mixed load in bench/README.md). Set at once after the
 * start, before ffmpeg opens its encoder threads, which inherit it.
 */
const FFMPEG_NICENESS = 10;

/** The last few meaningful lines ffmpeg wrote, for the server log (they name paths: never shown to a client). */
export function lastLines(text: string, count = 5): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^Last message repeated/.test(line));
  return lines.slice(-count).join('\n').slice(-1000);
}

/** Every ffmpeg this process started and has not seen exit (so shutdown can make sure none is left). */
export const liveFfmpegs = new Set<ChildProcess>();

/** Runs ffmpeg, reporting progress; rejects with the admin's reason (its last stderr lines as detail), kills it on abort. */
export function runFfmpeg(binary: string, args: string[], options: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new FfmpegError('cancelled'));
      return;
    }
    const child = spawn(binary, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    liveFfmpegs.add(child);
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // Not permitted here (some containers): it runs at normal priority.
      }
    }
    let stderr = '';
    let pending = '';
    let lastActivity = Date.now();
    let killedFor: FfmpegError | undefined;
    const kill = (reason: FfmpegError) => {
      if (killedFor) return;
      killedFor = reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => kill(new FfmpegError('cancelled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const stallMs = options.stallMs ?? 120_000;
    const watchdog = setInterval(
      () => {
        if (Date.now() - lastActivity > stallMs)
          kill(
            new FfmpegError(
              MEDIA_REASONS.stalled,
              `ffmpeg wrote nothing for ${Math.round(stallMs / 1000)} s`,
            ),
          );
      },
      Math.min(5000, stallMs),
    );
    watchdog.unref();

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      lastActivity = Date.now();
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const seconds = progressSeconds(line);
        if (typeof seconds === 'number') options.onProgress?.(seconds);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      lastActivity = Date.now();
      stderr = (stderr + chunk)
        .split('\n')
        .slice(-STDERR_LINES * 4)
        .join('\n');
    });
    const finish = (error?: Error) => {
      clearInterval(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      liveFfmpegs.delete(child);
      if (error) reject(error);
      else resolve();
    };
    child.on('error', (error) =>
      finish(new FfmpegError(MEDIA_REASONS.notStarted, `ffmpeg could not start: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      if (killedFor) finish(killedFor);
      else if (code === 0) finish();
      else
        finish(
          new FfmpegError(
            explainFfmpegOutput(stderr),
            lastLines(stderr) || `ffmpeg exited with ${code ?? signal}`,
          ),
        );
    });
  });
}
