import { describe, expect, it } from 'vitest';
import { samples } from '../../test/prometheus-tools.js';
import { Metrics } from './metrics.js';

const value = async (metrics: Metrics, name: string, labels: Record<string, string> = {}) =>
  samples(await metrics.render()).find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;

describe('the metrics face', () => {
  it('counts under salomtv_ names; a module asking for a name again gets the same counter', async () => {
    const metrics = new Metrics();
    metrics.counter('backups_total', 'Backups by outcome', ['outcome']).inc({ outcome: 'done' });
    metrics.counter('backups_total', 'Backups by outcome', ['outcome']).inc({ outcome: 'done' }, 2);
    expect(await value(metrics, 'salomtv_backups_total', { outcome: 'done' })).toBe(3);
    expect(() => metrics.gauge('backups_total', 'a gauge now')).toThrow(/another kind/);
    expect(() => metrics.counter('Backups-Total', 'bad name')).toThrow(/lower case/);
  });

  it("reads a gauge's series afresh at each scrape; a failed read leaves it empty and is counted", async () => {
    const metrics = new Metrics();
    let plans: Record<string, number> | Error = { basic: 2, premium: 1 };
    metrics.gauge('watching', 'Viewers watching by plan', ['plan'], (set) => {
      if (plans instanceof Error) throw plans;
      for (const [plan, count] of Object.entries(plans)) set({ plan }, count);
    });
    expect(await value(metrics, 'salomtv_watching', { plan: 'premium' })).toBe(1);
    plans = { basic: 4 };
    expect(await value(metrics, 'salomtv_watching', { plan: 'basic' })).toBe(4);
    expect(await value(metrics, 'salomtv_watching', { plan: 'premium' })).toBeUndefined();
    plans = new Error('the database is down');
    const text = await metrics.render();
    expect(samples(text).filter((s) => s.name === 'salomtv_watching')).toEqual([]);
    expect(await value(metrics, 'salomtv_metrics_collect_failures_total', { collector: 'watching' })).toBe(2);
  });

  it('observes histograms in the buckets given', async () => {
    const metrics = new Metrics();
    const speed = metrics.histogram('encode_speed', 'x real time', ['kind'], [1, 4]);
    speed.observe({ kind: 'audio' }, 3);
    expect(await value(metrics, 'salomtv_encode_speed_bucket', { kind: 'audio', le: '1' })).toBe(0);
    expect(await value(metrics, 'salomtv_encode_speed_bucket', { kind: 'audio', le: '4' })).toBe(1);
    expect(await value(metrics, 'salomtv_encode_speed_count', { kind: 'audio' })).toBe(1);
  });
});
