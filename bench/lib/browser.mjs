// Browser figures in headless Chromium (Debian's, driven by playwright-core): time from Play to the first
// frame (hls.js against a plain <video> with the same clip as MP4), and for the landing and home pages the
// largest contentful paint and the JavaScript transferred, against a static HTML copy of the same page
// served by the same server. The network is throttled to 20 Mbit/s and 20 ms through CDP.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { median } from './tools.mjs';

const THROTTLE = { offline: false, latency: 20, downloadThroughput: 20e6 / 8, uploadThroughput: 20e6 / 8 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(root) {
  const { chromium } = await import(path.join(root, 'node_modules/playwright-core/index.mjs'));
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--autoplay-policy=no-user-gesture-required', '--no-sandbox'],
  });
}

async function throttled(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  return { page, cdp };
}

const PLAYER_PAGE = `<!doctype html><html><body>
<video id="v" muted playsinline preload="none" width="640" height="360"></video>
<script src="/__bench/player.js"></script>
<script>
window.play = (src) => new Promise((resolve) => {
  const video = document.getElementById('v');
  const started = performance.now();
  video.requestVideoFrameCallback(() => resolve(performance.now() - started));
  const playing = () => video.play().catch(() => resolve(-1));
  if (src.includes('.m3u8')) {
    // The player's own code (apps/web/src/features/player/lib/attach-source.ts), as use-video.ts calls it.
    window.salomPlayer.attachSource(video, src).then((attached) => {
      attached.hls?.on('hlsError', (_e, data) => { if (data.fatal) resolve(-1); });
      playing();
    });
  } else {
    video.src = src;
    playing();
  }
});
</script></body></html>`;

/**
 * The web app's attachSource with hls.js, as one script for the test page; `loadHls` runs hls.js's module
 * before Play, as the page had it loaded before (its download and start are not what this row measures).
 */
async function playerScript(root) {
  const { build } = await import(path.join(root, 'node_modules/esbuild/lib/main.js'));
  const result = await build({
    stdin: {
      contents: `export { attachSource } from './attach-source';\nexport const loadHls = () => import('hls.js');\n`,
      resolveDir: path.join(root, 'apps/web/src/features/player/lib'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'salomPlayer',
    minify: true,
    write: false,
    logLevel: 'error',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

/** Play (the click) to the first rendered frame: hls.js on our signed master playlist vs <video src=mp4>. */
export async function measureFirstFrame({ root, browser, ours, cookies, master, mp4Url, rounds }) {
  const player = await playerScript(root);
  const once = async (origin, src) => {
    const context = await browser.newContext();
    if (origin === ours) await context.addCookies(cookies.map((c) => ({ ...c, url: ours })));
    // The test page and the player's script come from the browser itself (not timed); the video comes over
    // the network.
    await context.route(`${origin}/__bench/**`, (route) =>
      route.request().url().endsWith('player.js')
        ? route.fulfill({ body: player, contentType: 'text/javascript' })
        : route.fulfill({ body: PLAYER_PAGE, contentType: 'text/html' }),
    );
    const { page } = await throttled(context);
    await page.goto(`${origin}/__bench/player.html`);
    await page.evaluate(() => window.salomPlayer.loadHls());
    const ms = await page.evaluate((s) => window.play(s), src);
    await context.close();
    if (ms < 0) throw new Error(`the video did not play: ${src}`);
    return ms;
  };
  const nginxOrigin = new URL(mp4Url).origin;
  await once(ours, master);
  await once(nginxOrigin, mp4Url);
  const hls = [];
  const mp4 = [];
  for (let round = 0; round < rounds; round++) {
    hls.push(await once(ours, master));
    mp4.push(await once(nginxOrigin, mp4Url));
  }
  const ratio = median(hls) / median(mp4);
  return {
    name: 'time to first frame: Play to first frame, hls.js, 20 Mbit/s and 20 ms',
    ours: `${Math.round(median(hls))} ms`,
    reference: `${Math.round(median(mp4))} ms (plain <video>, same clip as MP4)`,
    ratio,
    goal: 'at most 1.3x, and under 500 ms',
    met: ratio <= 1.3 && median(hls) < 500,
  };
}

/** One page load: LCP, and the scripts it loaded (bytes on the wire, gzip size, whether hls.js is among them). */
async function loadPage(browser, url, cookies, origin) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  if (cookies) await context.addCookies(cookies.map((c) => ({ ...c, url: origin })));
  await context.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const { page } = await throttled(context);
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      Promise.all([response.body(), response.request().sizes()]).then(
        ([body, sizes]) => ({
          url: response.url(),
          raw: body.length,
          gzip: zlib.gzipSync(body).length,
          wire: sizes.responseBodySize,
          body,
        }),
        () => undefined,
      ),
    );
  });
  // 'load', then a quiet moment: a page that keeps polling or previewing never reaches network idle.
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => window.__lcp);
  const html = await page.content();
  const loaded = (await Promise.all(scripts)).filter(Boolean);
  await context.close();
  return {
    lcp,
    html,
    jsGzip: loaded.reduce((sum, s) => sum + s.gzip, 0),
    jsRaw: loaded.reduce((sum, s) => sum + s.raw, 0),
    jsWire: loaded.reduce((sum, s) => sum + s.wire, 0),
    hasHls: loaded.some((s) => s.body.includes('manifestLoadingTimeOut')),
  };
}

/** The rendered page as static HTML: the same markup and stylesheet, without any script. */
function staticCopy(html) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, '');
}

/** LCP and initial JavaScript of a page of ours against its static copy served by the same server. */
export async function measurePage({ browser, ours, webDist, page: pagePath, label, cookies, rounds }) {
  const url = `${ours}${pagePath}`;
  const first = await loadPage(browser, url, cookies, ours);
  const copyName = `bench-${label.replace(/\W+/g, '-')}.html`;
  fs.mkdirSync(path.join(webDist, 'static'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'static', copyName), staticCopy(first.html));
  const staticUrl = `${ours}/static/${copyName}`;
  await loadPage(browser, staticUrl, cookies, ours);
  const oursRuns = [];
  const refRuns = [];
  for (let round = 0; round < rounds; round++) {
    oursRuns.push(await loadPage(browser, url, cookies, ours));
    refRuns.push(await loadPage(browser, staticUrl, cookies, ours));
  }
  const lcp = median(oursRuns.map((r) => r.lcp));
  const refLcp = median(refRuns.map((r) => r.lcp));
  const jsKb = median(oursRuns.map((r) => r.jsGzip)) / 1024;
  const rawKb = median(oursRuns.map((r) => r.jsRaw)) / 1024;
  const wireKb = median(oursRuns.map((r) => r.jsWire)) / 1024;
  const hls = oursRuns.some((r) => r.hasHls);
  return [
    {
      name: `${label}: largest contentful paint`,
      ours: `${Math.round(lcp)} ms`,
      reference: `${Math.round(refLcp)} ms (static HTML copy, same server)`,
      ratio: lcp / refLcp,
      goal: 'at most 1.3x',
      met: lcp / refLcp <= 1.3,
    },
    {
      name: `${label}: initial JavaScript`,
      ours: `${jsKb.toFixed(0)} KB gzip, ${wireKb.toFixed(0)} KB transferred (${rawKb.toFixed(0)} KB raw)${hls ? ', hls.js included' : ', no hls.js'}`,
      reference: '0 KB (static HTML copy)',
      ratio: wireKb / 150,
      goal: `at most 150 KB compressed as transferred${label.startsWith('landing') ? ', no hls.js' : ''}`,
      met: wireKb <= 150 && !(label.startsWith('landing') && hls),
    },
  ];
}
