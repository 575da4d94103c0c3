import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's deploy/ folder (the Grafana dashboard, the alert rules, the example scrape config). */
export const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');

/**
 * A binary of Debian's `prometheus` package (promtool, prometheus). Missing, the test fails saying how to install it:
 * these tests check our metrics with the real tools, never without them.
 */
export function prometheusBinary(name: 'promtool' | 'prometheus'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/bin')) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} is not installed: these tests need Debian's prometheus package (apt-get install prometheus; .ci/run installs it)`,
  );
}

/** Runs promtool with `args` (and `input` on its standard input); its exit status and output. */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const result = spawnSync(prometheusBinary('promtool'), args, { input, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** One sample line of a scrape: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text scrape (the label values of ours have no escaped quotes). */
export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The names the scrape declares (`# TYPE name kind`). */
export function declaredNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
}

/** The sum of a metric's samples whose labels include `labels`, from the app's own scrape text. */
export async function metricValue(
  app: { container: { metrics: { render(): Promise<string> } } },
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return samples(await app.container.metrics.render())
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
