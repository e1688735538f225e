/**
 * The `frontend` scenario: what a browser downloads and how soon it shows a page. Starts the app on the built client
 * (CLIENT_DIR, default dist/client; `vite build` first) on a fresh data directory with the demo organisation, drives
 * Debian's Chromium (playwright-core, headless) and reports for /login, the console (as demo), a list page
 * (接待管理) and an approval page (demo's first 待办):
 * - cold load (new browser context, empty cache): bytes transferred (CDP Network.loadingFinished encodedDataLength:
 *   headers and compressed bodies as they came over the wire), requests, and the API calls made more than once;
 * - warm load (the same context, reloaded: hashed assets from the cache): time to main content, i.e.
 *   `performance.now()` when the page's main element first appears (a MutationObserver installed before any
 *   script), first contentful paint (Paint Timing API) and the main thread's script and task time (CDP
 *   Performance.getMetrics ScriptDuration / TaskDuration).
 * Then Lighthouse (desktop config: simulated desktop throttling, cold cache) runs each page once in a Chromium started by
 * chrome-launcher (demo's session cookie set over CDP for the signed-in pages) and reports the performance score, FCP,
 * LCP, TBT, speed index and CLS, plus the diagnostics that failed. LH_REPORT_DIR keeps each page's JSON report; set
 * LIGHTHOUSE=0 to skip it. The server listens on BENCH_FE_PORT (default 18381). Figures only, no assertion.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { encryptPassword } from '../../../src/shared/passwordTransport.js';
import { request, startServer } from '../lib.js';

const PORT = Number(process.env.BENCH_FE_PORT ?? 18381);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One measured page: its address and the CSS selector of its main content. */
interface Target {
  name: string;
  url: string;
  main: string;
}

/** The figures of one page (bytes: over the wire; ms: from navigation start). */
interface Figures {
  name: string;
  bytes: number;
  requests: number;
  duplicates: string[];
  coldMainMs: number;
  warmMainMs: number;
  warmFcpMs: number;
  scriptMs: number;
  taskMs: number;
}

/**
 * Records in `window.__mainAt` the first moment an element matching the selector in `sessionStorage.__benchMain`
 * exists. A string, not a function: tsx would add its name helpers to a function's source, unknown in the page.
 */
const WATCH_MAIN = `(() => {
  const sel = sessionStorage.getItem('__benchMain');
  if (!sel) return;
  const obs = new MutationObserver(() => {
    if (window.__mainAt == null && document.querySelector(sel)) {
      window.__mainAt = performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document, { childList: true, subtree: true });
})();`;

/** Loads `t` in `page` and answers [ms to main content, first contentful paint ms]. */
async function load(page: Page, t: Target, reload: boolean): Promise<[number, number]> {
  await page.evaluate((sel) => sessionStorage.setItem('__benchMain', sel), t.main).catch(() => {});
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(ORIGIN + t.url, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(() => (window as unknown as { __mainAt?: number }).__mainAt != null, null, { timeout: 60_000 });
  } catch (err) {
    await page.screenshot({ path: path.join(os.tmpdir(), 'bench-frontend-timeout.png') });
    throw new Error(`${t.name}: no ${t.main} on ${page.url()} within 60 s (screenshot in ${os.tmpdir()}/bench-frontend-timeout.png)`, { cause: err });
  }
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => [
    (window as unknown as { __mainAt: number }).__mainAt,
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  ]);
}

/** Measures `t` in a new context of `browser` signed in with `storage` (or signed out). */
async function measure(browser: Browser, t: Target, storage?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: storage });
  await context.addInitScript({ content: WATCH_MAIN });
  // the selector must be known before the first script runs: set it on an empty page of the origin first
  const page = await context.newPage();
  await page.route(`${ORIGIN}/__bench_blank`, (r) => r.fulfill({ contentType: 'text/html', body: '<html></html>' }));
  await page.goto(`${ORIGIN}/__bench_blank`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  let bytes = 0;
  let requests = 0;
  const calls = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests++;
    const m = /\/api\/(.+)$/.exec(e.request.url.split('?')[0]);
    if (m) calls.set(m[1], (calls.get(m[1]) ?? 0) + 1);
  });
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  const [coldMainMs] = await load(page, t, false);
  const cold = { bytes, requests, duplicates: [...calls].filter(([, n]) => n > 1).map(([k, n]) => `${k}×${n}`) };
  const [warmMainMs, warmFcpMs] = await load(page, t, true);
  const after = metrics(await cdp.send('Performance.getMetrics'));
  await context.close();
  return {
    name: t.name,
    ...cold,
    coldMainMs,
    warmMainMs,
    warmFcpMs,
    // the renderer's counters start again with the reloaded document
    scriptMs: after.ScriptDuration * 1000,
    taskMs: after.TaskDuration * 1000,
  };
}

function metrics(r: { metrics: { name: string; value: number }[] }): Record<string, number> {
  return Object.fromEntries(r.metrics.map((m) => [m.name, m.value]));
}

/**
 * Signs demo in through the login page of a new context and answers its storage (token cookie, local storage) and
 * the address the approval page `approval` settles on.
 */
async function signIn(browser: Browser, approval: string): Promise<{ storage: Awaited<ReturnType<BrowserContext['storageState']>>; approval: string }> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login`);
  await page.locator('input[type=password]').waitFor();
  await page.locator('input').first().fill('demo');
  await page.locator('input[type=password]').fill('Demo@2026');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
  // an approval page given another kind's instance moves to that kind's page: measure the page it lands on
  await page.goto(ORIGIN + approval);
  await page.locator('[data-testid=approval-current]').waitFor({ timeout: 60_000 });
  const landed = new URL(page.url()).pathname;
  const storage = await context.storageState();
  await context.close();
  return { storage, approval: landed };
}

/** The approval page of demo's first 待办 (API flow/todo), as a reminder's link opens it. */
async function approvalUrl(): Promise<string> {
  const { data: key } = await request(PORT, '/api/Login/getPublicKey', {});
  const r = await request(PORT, '/api/Login/index', {
    username: 'demo',
    password: encryptPassword('Demo@2026', key.publicKey),
    isStrongPassword: 1,
    adminLogin: 0,
  });
  const headers = { 'x-token': r.data.token, 'x-uuid': r.data.uuid };
  const todo = await request(PORT, '/api/flow/todo', { current: 1, pageSize: 20 }, headers);
  const row = todo.data?.list?.find((x: { url?: string }) => x.url) ?? todo.data?.list?.[0];
  if (!row) throw new Error(`demo has no 待办: ${JSON.stringify(todo).slice(0, 200)}`);
  return row.url ?? `/document/show-audit/${row.instanceId}`;
}

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Lighthouse figures of one page (ms; score 0–100; cls unitless) and the failed diagnostics' titles. */
interface LhFigures {
  name: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  failed: string[];
}

/** Diagnostics and opportunities worth listing when they fail (Lighthouse audit ids). */
const LH_DIAGNOSTICS = [
  'render-blocking-resources',
  'render-blocking-insight',
  'unused-javascript',
  'unminified-javascript',
  'uses-text-compression',
  'uses-long-cache-ttl',
  'long-tasks',
  'layout-shifts',
  'font-display',
  'font-display-insight',
  'bootup-time',
  'mainthread-work-breakdown',
  'server-response-time',
  'critical-request-chains',
  'network-dependency-tree-insight',
  'total-byte-weight',
  'dom-size',
  'cache-insight',
  'lcp-discovery-insight',
];

/**
 * Runs Lighthouse (desktop) on each target in one Chromium: `targets[0]` signed out, the others with the cookies of
 * `storage` (set over CDP through playwright's connection to that Chromium).
 */
async function runLighthouse(targets: Target[], storage: Storage): Promise<LhFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--lang=zh-CN', ...CHROMIUM_ARGS],
  });
  const reportDir = process.env.LH_REPORT_DIR;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  const out: LhFigures[] = [];
  try {
    for (const [i, t] of targets.entries()) {
      if (i === 1) {
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        await cdp.contexts()[0].addCookies(storage.cookies);
        await cdp.close();
      }
      // a trace Lighthouse could not read (NO_NAVSTART and the like) is taken again, once
      let r: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 0; ; attempt++) {
        r = await lighthouse(ORIGIN + t.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
        if (!r?.lhr.runtimeError || attempt > 0) break;
      }
      if (!r) throw new Error(`${t.name}: Lighthouse answered nothing`);
      if (r.lhr.runtimeError) console.warn(`${t.name}: Lighthouse ${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`);
      const { lhr } = r;
      if (reportDir) fs.writeFileSync(path.join(reportDir, `${i}-${t.url.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
      const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      out.push({
        name: t.name,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        si: num('speed-index'),
        cls: num('cumulative-layout-shift'),
        failed: LH_DIAGNOSTICS.filter((id) => {
          const a = lhr.audits[id];
          return a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable';
        }).map((id) => `${id}${lhr.audits[id].displayValue ? ` (${lhr.audits[id].displayValue})` : ''}`),
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Runs the scenario and prints one table. */
export async function runFrontendBench(): Promise<void> {
  const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error(`no built client in ${clientDir}: run vite build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-fe-'));
  const app = await startServer(
    ['src/server/start.ts'],
    PORT,
    { PORT: String(PORT), DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    '/api/health',
  );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { storage, approval } = await signIn(browser, await approvalUrl());
    const loginPage: Target = { name: '/login', url: '/login', main: 'input[type=password]' };
    const rows: Figures[] = [await measure(browser, loginPage)];
    const signedIn: Target[] = [
      { name: 'console', url: '/dashboard/console', main: '[data-testid=console-greeting]' },
      // rows, or the empty placeholder once the loading veil is gone (not the placeholder shown while loading)
      {
        name: 'list (/receptions/index)',
        url: '/receptions/index',
        main: '.ant-table-tbody .ant-table-row, .ant-spin-container:not(.ant-spin-blur) .ant-table-placeholder',
      },
      { name: `approval (${approval})`, url: approval, main: '[data-testid=approval-current]' },
    ];
    for (const t of signedIn) rows.push(await measure(browser, t, storage));
    console.log(`frontend (${clientDir}; Chromium figures, not Lighthouse):`);
    console.log('| page | bytes (cold) | requests | main content cold | main content warm | FCP warm | script / task warm | API calls made twice or more |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const f of rows)
      console.log(
        `| ${f.name} | ${kb(f.bytes)} | ${f.requests} | ${f.coldMainMs.toFixed(0)} ms | ${f.warmMainMs.toFixed(0)} ms | ${f.warmFcpMs.toFixed(0)} ms | ` +
          `${f.scriptMs.toFixed(0)} / ${f.taskMs.toFixed(0)} ms | ${f.duplicates.join(', ') || '—'} |`,
      );
    if (process.env.LIGHTHOUSE === '0') return;
    const lh = await runLighthouse([loginPage, ...signedIn], storage);
    console.log('Lighthouse 12 (desktop config, simulated throttling, cold cache):');
    console.log('| page | performance | FCP | LCP | TBT | speed index | CLS | diagnostics below 0.9 |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const f of lh)
      console.log(
        `| ${f.name} | ${f.score} | ${f.fcp.toFixed(0)} ms | ${f.lcp.toFixed(0)} ms | ${f.tbt.toFixed(0)} ms | ${f.si.toFixed(0)} ms | ` +
          `${f.cls.toFixed(3)} | ${f.failed.join('; ') || '—'} |`,
      );
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
