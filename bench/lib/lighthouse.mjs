// Lighthouse (the npm package, with its mobile defaults: a Moto G-sized screen, simulated slow 4G and a 4x slower
// CPU) on our pages in Debian's Chromium: performance, accessibility, best practices and SEO per page, the median
// of the rounds. A signed-in page gets the viewer's cookies set in the browser (its storage is then kept between
// rounds, so its cache is cleared by hand before each one).
import path from 'node:path';
import { median } from './tools.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const LABELS = { performance: 'P', accessibility: 'A', 'best-practices': 'BP', seo: 'SEO' };
/** The goals: performance at least 95, the other three 100. */
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

async function loadTools(root) {
  const modules = path.join(root, 'node_modules');
  const { default: lighthouse } = await import(path.join(modules, 'lighthouse/core/index.js'));
  const chromeLauncher = await import(path.join(modules, 'chrome-launcher/dist/index.js'));
  const { default: puppeteer } = await import(
    path.join(modules, 'puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')
  );
  return { lighthouse, chromeLauncher, puppeteer };
}

/** One Lighthouse run: the four scores (0-100), a few metrics and the audits that lost points. */
async function runOnce(tools, chrome, browser, url, cookies, attempt = 1) {
  if (cookies) {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.setCookie(...cookies.map((cookie) => ({ ...cookie, url })));
    await page.close();
  }
  const result = await tools.lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Lighthouse clears the site's storage (cookies too) before a run unless told not to.
    disableStorageReset: Boolean(cookies),
  });
  const lhr = result.lhr;
  // Chromium now and then drops the trace's navigation start (NO_NAVSTART): the run measured nothing, so it is made again.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 3)
    return runOnce(tools, chrome, browser, url, cookies, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const lost = CATEGORIES.flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id),
  );
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    lost,
  };
}

/**
 * Runs `work(run)` with Debian's Chromium under Lighthouse's control; `run(url, cookies)` is one Lighthouse run
 * (its scores and metrics).
 */
export async function withLighthouse(root, work) {
  const tools = await loadTools(root);
  const chrome = await tools.chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await tools.puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    return await work((url, cookies) => runOnce(tools, chrome, browser, url, cookies));
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * Lighthouse on each page; a row per page with the medians of `rounds` runs. `pages` are `{ path, label, cookies }`
 * (cookies for a signed-in visit).
 */
export function measureLighthouse({ root, ours, pages, rounds }) {
  return withLighthouse(root, async (run) => {
    const rows = [];
    for (const page of pages) {
      const url = `${ours}${page.path}`;
      // A first load warms the server's caches (built pages, compressed files), as the other browser rows do.
      await run(url, page.cookies);
      const runs = [];
      for (let round = 0; round < rounds; round++) runs.push(await run(url, page.cookies));
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]));
      const lost = [...new Set(runs.flatMap((r) => r.lost))];
      const met = CATEGORIES.every((id) => scores[id] >= GOALS[id]);
      rows.push({
        name: `Lighthouse ${page.path.split('?')[0]} (${page.label}; mobile defaults)`,
        ours: `${CATEGORIES.map((id) => `${LABELS[id]} ${scores[id]}`).join(' / ')} (LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}; rounds ${runs.map((r) => r.scores.performance).join(', ')})`,
        reference: lost.length ? `audits short of full marks: ${lost.join(', ')}` : 'every audit passed',
        ratio: scores.performance / GOALS.performance,
        goal: 'performance at least 95; accessibility, best practices and SEO 100',
        met,
      });
    }
    return rows;
  });
}
