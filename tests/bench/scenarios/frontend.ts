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
 * Lighthouse is not installed: these are Chromium's own figures, not a Lighthouse score. Figures only, no assertion.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { encryptPassword } from '../../../src/shared/passwordTransport.js';
import { request, startServer } from '../lib.js';

const PORT = 18381;
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
    const rows: Figures[] = [await measure(browser, { name: '/login', url: '/login', main: 'input[type=password]' })];
    const signedIn: Target[] = [
      { name: 'console', url: '/dashboard/console', main: '[data-testid=console-greeting]' },
      { name: 'list (/receptions/index)', url: '/receptions/index', main: '.ant-table-tbody .ant-table-row, .ant-table-placeholder' },
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
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
