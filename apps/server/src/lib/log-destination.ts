import os from 'node:os';

/** The part of a Node stream the destination uses: process.stdout, or a test's stream. */
export interface LogOutput {
  readonly writableLength: number;
  write(chunk: string): boolean;
  on(event: 'drain', listener: () => void): unknown;
}

/**
 * pino's destination: log lines go to `output` without ever waiting for its reader, so a log reader that stops
 * reading holds neither the event loop nor the exit. pino's own destination (sonic-boom) writes synchronously by
 * default and flushes synchronously at exit: with a pipe nobody drains, a SIGTERM then hangs the process forever;
 * its asynchronous mode writes from libuv's thread pool, whose stuck write the exit waits for as well.
 * process.stdout writes a pipe without blocking (libuv queues what the pipe does not take) and is dropped at exit,
 * so its queue is bounded here: past `maxBufferedBytes` lines are dropped and counted. When the reader has caught
 * up, one line says how many were lost; at exit, `reportAtExit` says it on stderr.
 */
export class BoundedLogDestination {
  /** Lines dropped since the last report. */
  private unreported = 0;
  /** Lines dropped since the start. */
  dropped = 0;

  constructor(
    private readonly output: LogOutput,
    /** Kept in memory while the reader (a pipe, a FIFO, a log shipper) is slow (LOG_BUFFER_KB). */
    private readonly maxBufferedBytes: number,
  ) {
    // 'drain': everything queued has gone to the reader, which is back.
    output.on('drain', () => this.reportDropped());
  }

  write(line: string): void {
    if (this.output.writableLength + line.length > this.maxBufferedBytes) {
      this.unreported += 1;
      this.dropped += 1;
      return;
    }
    this.output.write(line);
  }

  private reportDropped(): void {
    if (this.unreported === 0) return;
    const count = this.unreported;
    this.unreported = 0;
    // A warning in pino's own format, so log processors read it like any other line.
    this.output.write(
      `${JSON.stringify({
        level: 40,
        time: Date.now(),
        pid: process.pid,
        hostname: os.hostname(),
        dropped: count,
        msg: 'log lines dropped while the log reader was not reading',
      })}\n`,
    );
  }

  /**
   * At exit: how many lines were never reported, on `errors` (stderr, which a pipe also takes without blocking:
   * what it does not take is lost with the process).
   */
  reportAtExit(errors: Pick<LogOutput, 'write'>): void {
    if (this.unreported === 0) return;
    errors.write(`SalomTV: ${this.unreported} log lines were dropped: the log reader was not reading\n`);
    this.unreported = 0;
  }
}

let stdoutDestination: BoundedLogDestination | undefined;

/** The destination over process.stdout, one per process: the first caller's bound holds (tests build many apps). */
export function stdoutLog(maxBufferedBytes: number): BoundedLogDestination {
  stdoutDestination ??= new BoundedLogDestination(process.stdout, maxBufferedBytes);
  return stdoutDestination;
}
