/**
 * Form benchmark (one run): builds ./index.html (the real FormPage over a 150-field definition,
 * ./fixture.ts) with Vite, serves it on 127.0.0.1, opens it in Debian's Chromium through Playwright and
 * reports the median of ROUNDS page loads for "150 fields render" (target ≤ 300 ms) and the median of
 * KEYS keystrokes for "a keystroke reaches the screen" (target ≤ 50 ms). Figures only, no assertion.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { median } from '../lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const outDir = path.join(root, 'test-results/bench-form');
const ROUNDS = Number(process.env.BENCH_FORM_ROUNDS ?? 7);
const KEYS = 30;
const FIELDS = 150;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Runs the form benchmark and prints its figures. */
export async function runFormBench(): Promise<void> {
  const r = (p: string) => path.join(root, p);
  await build({
    root: here,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@shared': r('src/shared'), '@app': r('src/app'), '@engine': r('engine'), '@widgets': r('widgets') } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const server = http.createServer((req, res) => {
    const file = path.join(outDir, decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/$/, '/index.html'));
    if (!file.startsWith(outDir) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(18303, '127.0.0.1', ok));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const renders: number[] = [];
    const keys: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`http://127.0.0.1:18303/index.html?n=${FIELDS}`);
      await page.waitForFunction(() => (window as any).__bench?.renderMs != null, null, { timeout: 60_000 });
      renders.push(await page.evaluate(() => (window as any).__bench.renderMs as number));
      if (i === 0) {
        const input = page.locator('#root_f1');
        await input.click();
        for (let k = 0; k < KEYS; k++) {
          await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
          await page.waitForTimeout(30);
        }
        await page.waitForTimeout(200);
        keys.push(...(await page.evaluate(() => (window as any).__bench.keys as number[])));
        fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
        await page.screenshot({ path: path.join(root, 'test-results/bench-form.png'), fullPage: false });
      }
      await page.close();
    }
    const rm = median(renders);
    const km = median(keys);
    console.log(
      `form of ${FIELDS} fields renders: median ${rm.toFixed(1)} ms of ${renders.map((x) => x.toFixed(0)).join(', ')} (target ≤ 300 ms) ${rm <= 300 ? 'OK' : 'OVER TARGET'}`,
    );
    console.log(
      `keystroke to screen: median ${km.toFixed(1)} ms over ${keys.length} keys, max ${Math.max(...keys).toFixed(1)} ms (target ≤ 50 ms) ${km <= 50 ? 'OK' : 'OVER TARGET'}`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
