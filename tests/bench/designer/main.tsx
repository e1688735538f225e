/**
 * The form designer drag benchmark page: mounts the real FormDesigner (app theme, style sheets, i18n) over the
 * 200-field design of ./fixture.ts (?n=200) and exposes `window.__bench`: `ready` once every canvas row is in
 * the DOM, `layout` the ids of the top-level nodes after the last change (from onChange), and the frame
 * records of a drag: `start()` begins a requestAnimationFrame loop (timestamps in `raf`) and a
 * PerformanceObserver for 'long-animation-frame' entries (`loaf`: duration, blockingDuration, ms); `stop()` ends both.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import '../../../src/app/i18n';
import 'antd/dist/antd.css';
import '../../../src/app/styles/pages.css';
import { appTheme } from '../../../src/app/theme';
import { primaryOf } from '../../../src/app/layouts/menuTheme';
import { DEFAULT_LAYOUT } from '../../../src/shared/constants';
import { FormDesigner } from '../../../designer/form';
import { bigDesign } from './fixture';

const n = Number(new URLSearchParams(location.search).get('n') ?? 200);
const initial = bigDesign(n);

interface Loaf {
  startTime: number;
  duration: number;
  blockingDuration: number;
}
const bench = {
  ready: false,
  layout: initial.layout.map((x) => x.id),
  raf: [] as number[],
  loaf: [] as Loaf[],
  loafSupported: PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'),
  running: false,
  observer: null as PerformanceObserver | null,
  start() {
    bench.raf = [];
    bench.loaf = [];
    bench.running = true;
    if (bench.loafSupported) {
      bench.observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          bench.loaf.push({ startTime: e.startTime, duration: e.duration, blockingDuration: (e as unknown as Loaf).blockingDuration });
      });
      bench.observer.observe({ type: 'long-animation-frame', buffered: false });
    }
    const tick = (t: number) => {
      if (!bench.running) return;
      bench.raf.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  stop() {
    bench.running = false;
    if (bench.observer) {
      for (const e of bench.observer.takeRecords())
        bench.loaf.push({ startTime: e.startTime, duration: e.duration, blockingDuration: (e as unknown as Loaf).blockingDuration });
      bench.observer.disconnect();
    }
  },
};
(window as unknown as { __bench: typeof bench }).__bench = bench;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={appTheme(primaryOf({ ...DEFAULT_LAYOUT }))}>
      <FormDesigner initial={initial} pinyin={async (t) => t} onChange={(s) => (bench.layout = s.layout.map((x) => x.id))} />
    </ConfigProvider>
  </StrictMode>,
);
const waitRows = async () => {
  while (document.querySelectorAll('[data-testid^="canvas-node-"]').length < n) await new Promise((r) => setTimeout(r, 10));
  bench.ready = true;
};
void waitRows();
