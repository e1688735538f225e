/**
 * Form designer drag benchmark ("dragging a field on a 200-field form keeps a median frame ≤ 16 ms").
 * Builds ./index.html (the real FormDesigner over a 200-field design, ./fixture.ts) with Vite, serves it on
 * 127.0.0.1:18304, opens it in Debian's Chromium through Playwright and, ROUNDS times in a fresh page, drags the
 * 21st field down the canvas with the real pointer: mouse down on the row (the row is dnd-kit's drag handle),
 * MOVES moves of STEP px (the first ones past the PointerSensor's 4 px activation distance), mouse up — 11 rows
 * down, kept between 200 px and 700 px of the 900 px viewport so that dnd-kit's auto-scroll stays out of it.
 *
 * What a "frame" costs is read from a Chrome trace of the drag: the main-thread work per frame is the summed
 * duration of the renderer main thread's top-level tasks from the start of one frame's task (the task running
 * its requestAnimationFrame callbacks) to the start of the next — script, style, layout, paint; NOT the vsync
 * interval. Figures are over the frames that dispatched a pointermove (the frames the drag makes), median
 * and p90; the rAF intervals and the Long Animation Frames (PerformanceObserver 'long-animation-frame', > 50 ms)
 * seen by the page are printed beside them. After the drop the designer's model (onChange) must show the field
 * moved. BENCH_DRAG_PROFILE=<file.cpuprofile>: the page is built unminified and one more drag runs under the CDP
 * Profiler, its top self and total times printed. BENCH_DRAG_ROUNDS (default 5) drags; BENCH_DRAG_KINDS=1 prints
 * where each drag's main-thread time went by trace event; BENCH_DRAG_OUT the build directory.
 * Figures only, no assertion.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from '@playwright/test';
import { median } from '../lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const outDir = process.env.BENCH_DRAG_OUT ?? path.join(root, 'test-results/bench-designer');
const PORT = 18304;
const ROUNDS = Number(process.env.BENCH_DRAG_ROUNDS ?? 5);
const FIELDS = 200;
/** Pointer moves of the drag and their length in px (vertical). */
const MOVES = 120;
const STEP = 4;
const TARGET = 16;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  cat?: string;
  args?: { name?: string; data?: { type?: string } };
}

/** One drag's figures: main-thread ms per frame with a pointermove, the page's rAF intervals, its LoAFs. */
interface DragResult {
  frames: number[];
  allFrames: number;
  rafIntervals: number[];
  loaf: { duration: number; blockingDuration: number }[];
  loafSupported: boolean;
  moved: { id: string; from: number; to: number };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** Main-thread work per frame of a trace, between the marks bench-drag-start and bench-drag-end. */
function framesOf(events: TraceEvent[]): { input: number[]; all: number; kinds: string } {
  const mark = (n: string) => events.find((e) => e.name === n && (e.cat ?? '').includes('blink.user_timing'));
  const a = mark('bench-drag-start');
  const b = mark('bench-drag-end');
  if (!a || !b) throw new Error('trace without the drag marks');
  const pid = a.pid;
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const tid = names[0]?.tid ?? a.tid;
  const on = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= a.ts && e.ts <= b.ts);
  const tasks = on.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')).sort((x, y) => x.ts - y.ts);
  const taskAt = (ts: number) => tasks.findLast((t) => t.ts <= ts && t.ts + (t.dur ?? 0) >= ts);
  const starts = [...new Set(on.filter((e) => e.name === 'FireAnimationFrame').map((e) => taskAt(e.ts)?.ts ?? e.ts))].sort((x, y) => x - y);
  const moves = on.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointermove').map((e) => e.ts);
  const input: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const [s, e] = [starts[i], starts[i + 1]];
    let busy = 0;
    for (const t of tasks) {
      const te = t.ts + (t.dur ?? 0);
      if (te <= s || t.ts >= e) continue;
      busy += Math.min(te, e) - Math.max(t.ts, s);
    }
    if (moves.some((m) => m >= s && m < e)) input.push(busy / 1000);
  }
  // where the main thread's time went (trace event names, nested events counted in each of their parents)
  const kinds = new Map<string, number>();
  for (const e of on)
    if (
      e.ph === 'X' &&
      e.dur &&
      [
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'PrePaint',
        'Layerize',
        'Commit',
        'FunctionCall',
        'EventDispatch',
        'FireAnimationFrame',
        'TimerFire',
        'RunMicrotasks',
        'ParseHTML',
        'MajorGC',
        'MinorGC',
        'HitTest',
        'IntersectionObserverController::computeIntersections',
        'ScheduleStyleRecalculation',
        'UpdateLayerTree',
      ].includes(e.name)
    )
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  const busy = tasks.reduce((a, t) => a + (t.dur ?? 0) / 1000, 0);
  const list = [...kinds]
    .sort((x, y) => y[1] - x[1])
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
  return {
    input,
    all: Math.max(0, starts.length - 1),
    kinds: `main thread busy ${busy.toFixed(0)} ms in tasks; by trace event (ms, nested counted in parents): ${list}`,
  };
}

async function openDesigner(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(`http://127.0.0.1:${PORT}/index.html?n=${FIELDS}`);
  await page.waitForFunction(() => (window as any).__bench?.ready === true, null, { timeout: 60_000 });
  await page.waitForTimeout(500);
  return page;
}

/** Drags the 21st field down MOVES × STEP px with the mouse; answers where it went (model after the drop). */
async function drag(
  page: Page,
  during?: { start: () => Promise<void>; stop: () => Promise<void> },
): Promise<Pick<DragResult, 'rafIntervals' | 'loaf' | 'loafSupported' | 'moved'>> {
  const before = await page.evaluate(() => (window as any).__bench.layout as string[]);
  const id = before[20];
  const row = page.getByTestId(`canvas-node-${id}`);
  // the row 200 px below the top of the viewport: the whole drag stays out of dnd-kit's auto-scroll edges (20 %)
  await row.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -200);
  });
  if ((await page.getByTestId('designer-problems').count()) > 0) throw new Error('the bench design has problems listed above the canvas');
  const box = (await row.boundingBox())!;
  if (box.y < 180 || box.y + box.height / 2 + MOVES * STEP > 720) throw new Error(`the row at y ${box.y} leaves no room for the drag in the viewport`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await during?.start();
  await page.evaluate(() => {
    (window as any).__bench.start();
    performance.mark('bench-drag-start');
  });
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(x + (i % 2), y + i * STEP);
  await page.mouse.up();
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => {
    performance.mark('bench-drag-end');
    const b = (window as any).__bench;
    b.stop();
    return {
      raf: b.raf as number[],
      loaf: b.loaf as { duration: number; blockingDuration: number }[],
      loafSupported: b.loafSupported as boolean,
      layout: b.layout as string[],
    };
  });
  await during?.stop();
  const rafIntervals = seen.raf.slice(1).map((t, i) => t - seen.raf[i]);
  return { rafIntervals, loaf: seen.loaf, loafSupported: seen.loafSupported, moved: { id, from: before.indexOf(id), to: seen.layout.indexOf(id) } };
}

type CpuProfile = {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Self and total (inclusive, recursion counted once per stack) time per function of a V8 CPU profile, the `top` largest of each. */
function topTimes(profile: CpuProfile, top = 25): { self: string[]; total: string[] } {
  const self = new Map<number, number>();
  profile.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  const walk = (id: number, onStack: Set<string>) => {
    const k = keyOf(id);
    const us = self.get(id) ?? 0;
    selfBy.set(k, (selfBy.get(k) ?? 0) + us);
    const stack = onStack.has(k) ? onStack : new Set(onStack).add(k);
    for (const s of stack) totalBy.set(s, (totalBy.get(s) ?? 0) + us);
    for (const c of byId.get(id)!.children ?? []) walk(c, stack);
  };
  walk(profile.nodes[0].id, new Set());
  const fmt = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
  return { self: fmt(selfBy), total: fmt(totalBy) };
}

/** Runs the designer drag benchmark and prints its figures. */
export async function runDesignerDragBench(): Promise<void> {
  const r = (p: string) => path.join(root, p);
  await build({
    root: here,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@shared': r('src/shared'), '@app': r('src/app'), '@engine': r('engine'), '@widgets': r('widgets') } },
    // with a profile asked for, unminified so that its functions carry their names
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000, minify: !process.env.BENCH_DRAG_PROFILE },
  });
  const server = http.createServer((req, res) => {
    const file = path.join(outDir, decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/$/, '/index.html'));
    if (!file.startsWith(outDir) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(PORT, '127.0.0.1', ok));
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
    const runs: DragResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const page = await openDesigner(browser);
      const categories = ['devtools.timeline', 'toplevel', 'blink.user_timing'];
      const d = await drag(page, { start: () => browser.startTracing(page, { categories }), stop: async () => void 0 });
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const f = framesOf(trace.traceEvents);
      runs.push({ ...d, frames: f.input, allFrames: f.all });
      const lo = d.loaf.map((l) => l.duration);
      console.log(
        `  drag ${i + 1}: ${f.input.length} frames with a pointermove (of ${f.all}): main-thread work median ${median(f.input).toFixed(1)} ms, p90 ${quantile(f.input, 0.9).toFixed(1)} ms, max ${Math.max(...f.input).toFixed(1)} ms; ` +
          `rAF interval median ${median(d.rafIntervals).toFixed(1)} ms, p90 ${quantile(d.rafIntervals, 0.9).toFixed(1)} ms; ` +
          `long animation frames ${d.loafSupported ? `${lo.length}${lo.length ? ` (max ${Math.max(...lo).toFixed(0)} ms)` : ''}` : 'not supported'}; ` +
          `field ${d.moved.id} moved from position ${d.moved.from + 1} to ${d.moved.to + 1}${d.moved.to === d.moved.from ? ' (NOT MOVED)' : ''}`,
      );
      if (process.env.BENCH_DRAG_KINDS) console.log(`    ${f.kinds}`);
      await page.close();
    }
    const all = runs.flatMap((x) => x.frames);
    const meds = runs.map((x) => median(x.frames));
    const m = median(all);
    console.log(
      `drag a field on a ${FIELDS}-field form (${ROUNDS} drags, ${MOVES} pointer moves of ${STEP} px): main-thread work per frame median ${m.toFixed(1)} ms, p90 ${quantile(all, 0.9).toFixed(1)} ms ` +
        `over ${all.length} frames (per-drag medians ${meds.map((x) => x.toFixed(1)).join(', ')}) (target median ≤ ${TARGET} ms) ${m <= TARGET ? 'OK' : 'OVER TARGET'}; ` +
        `drops moved the field in ${runs.filter((x) => x.moved.to !== x.moved.from).length}/${runs.length}`,
    );
    const prof = process.env.BENCH_DRAG_PROFILE;
    if (prof) {
      const page = await openDesigner(browser);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      let profile: any = null;
      await drag(page, {
        start: async () => void (await cdp.send('Profiler.start')),
        stop: async () => void (profile = (await cdp.send('Profiler.stop')).profile),
      });
      fs.writeFileSync(prof, JSON.stringify(profile));
      const t = topTimes(profile);
      console.log(`CPU profile of one drag written to ${prof}; top self times:\n${t.self.join('\n')}\ntop total times:\n${t.total.join('\n')}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runDesignerDragBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
