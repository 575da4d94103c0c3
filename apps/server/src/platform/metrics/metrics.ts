import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';

/** Every metric of ours is named `salomtv_<name>`; prom-client's process and Node.js metrics keep their own names. */
export const METRIC_PREFIX = 'salomtv_';
const NAME = /^[a-z][a-z0-9_]*$/;
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * Label values are bounded sets the code chooses (a route's pattern, a plan's code, an outcome): never an id, a
 * phone number, a title's name or anything else a viewer typed, which would make a series per value.
 */
export type Labels<L extends string> = Readonly<Record<L, string>>;

export interface MetricCounter<L extends string = never> {
  inc(labels: Labels<L>, by?: number): void;
}

export interface MetricHistogram<L extends string = never> {
  observe(labels: Labels<L>, value: number): void;
}

/** Sets a gauge's series while it is being collected. */
export type GaugeSetter<L extends string> = (labels: Labels<L>, value: number) => void;

export interface MetricGauge<L extends string = never> {
  set(labels: Labels<L>, value: number): void;
}

/**
 * The metrics face every module counts through: `counter`, `gauge` and `histogram` register a metric (asking for a
 * name again returns the one already registered) and `render` writes the Prometheus text a scrape reads. Each app
 * (and each worker) has its own, so two apps in one process never mix their figures.
 */
export class Metrics {
  private readonly registry = new Registry();
  private processMetrics = false;
  private readonly collectFailures: MetricCounter<'collector'>;

  constructor() {
    this.collectFailures = this.counter(
      'metrics_collect_failures_total',
      'Scrapes in which a figure read at scrape time (from the database, the disk) could not be read',
      ['collector'],
    );
  }

  /** A counter: something that happened, counted since the process started. */
  counter<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
  ): MetricCounter<L> {
    const counter = this.existing(name, Counter) ?? new Counter(this.options(name, help, labelNames));
    return { inc: (labels, by = 1) => counter.inc(labels as Record<string, string>, by) };
  }

  /** A histogram of observed values (seconds, ratios) in the given buckets. */
  histogram<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: readonly number[],
  ): MetricHistogram<L> {
    const histogram =
      this.existing(name, Histogram) ??
      new Histogram({ ...this.options(name, help, labelNames), buckets: [...buckets] });
    return { observe: (labels, value) => histogram.observe(labels as Record<string, string>, value) };
  }

  /**
   * A gauge: a level now. With `collect`, its series are read afresh at every scrape (the series it does not set
   * are gone, as a plan nobody watches any more); a failed read leaves it empty and counts in
   * `salomtv_metrics_collect_failures_total`, and the rest of the scrape goes out.
   */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (set: GaugeSetter<L>) => void | Promise<void>,
  ): MetricGauge<L> {
    const failures = this.collectFailures;
    const gauge =
      this.existing(name, Gauge) ??
      new Gauge({
        ...this.options(name, help, labelNames),
        ...(collect
          ? {
              async collect(this: Gauge) {
                this.reset();
                try {
                  await collect((labels, value) => this.set(labels as Record<string, string>, value));
                } catch {
                  this.reset();
                  failures.inc({ collector: name });
                }
              },
            }
          : {}),
      });
    return { set: (labels, value) => gauge.set(labels as Record<string, string>, value) };
  }

  /** The process's own figures (CPU, memory, handles, garbage collection) and Node.js's event-loop lag. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    // Gauges whose names end in _total, which Prometheus keeps for counters (promtool check metrics refuses them):
    // their per-type series (nodejs_active_handles and the like) say the same.
    for (const name of MISNAMED_DEFAULTS) this.registry.removeSingleMetric(name);
  }

  /** The text of a scrape (Prometheus exposition format). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private options<L extends string>(name: string, help: string, labelNames: readonly L[]) {
    if (!NAME.test(name)) throw new Error(`Metric name ${name}: lower case letters, digits and _ only`);
    return { name: `${METRIC_PREFIX}${name}`, help, labelNames: [...labelNames], registers: [this.registry] };
  }

  private existing<T extends Metric>(
    name: string,
    kind: abstract new (...args: never[]) => T,
  ): T | undefined {
    const found = this.registry.getSingleMetric(`${METRIC_PREFIX}${name}`);
    if (found === undefined) return undefined;
    if (!(found instanceof kind)) throw new Error(`Metric ${name} is already registered as another kind`);
    return found;
  }
}
