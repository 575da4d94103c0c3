/**
 * Sends the Core Web Vitals real viewers experience (CLS, INP, FCP, LCP, TTFB) to `POST /api/vitals`, which
 * feeds the admin dashboard. Loaded after the page is up so it never delays the first paint.
 */
export async function reportWebVitals(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const send = (metric: { name: string; value: number; id: string }) => {
    const body = JSON.stringify({
      name: metric.name,
      value: Math.round(metric.value * 1000) / 1000,
      id: metric.id,
      page: window.location.pathname,
    });
    // sendBeacon survives the page being closed; the endpoint needs no CSRF token (it only records figures).
    if (!navigator.sendBeacon?.('/api/vitals', body)) {
      void fetch('/api/vitals', {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'application/json' },
      });
    }
  };
  for (const listen of [onCLS, onFCP, onINP, onLCP, onTTFB]) listen(send);
}
