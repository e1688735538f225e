/**
 * The form benchmark page: renders the N-field FormPage (?n=150) of ./fixture.ts with the real renderer,
 * the app's theme and style sheets, and records `window.__bench = {renderMs}` — from before React renders to the frame after every field's
 * input is in the DOM — and, for each keystroke Playwright types, the time from the keydown event to the
 * next frame after the typed value is in the input (`window.__bench.keys`, ms).
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
import { FormPage } from '../../../engine/renderers/FormPage';
import { bigFormBundle } from './fixture';

const n = Number(new URLSearchParams(location.search).get('n') ?? 150);
const bundle = bigFormBundle(n);
const bench: { renderMs?: number; keys: number[] } = { keys: [] };
(window as unknown as { __bench: typeof bench }).__bench = bench;

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={appTheme(primaryOf({ ...DEFAULT_LAYOUT }))}>
      <FormPage bundle={bundle} />
    </ConfigProvider>
  </StrictMode>,
);
const waitFields = async () => {
  while (document.querySelectorAll('[id^="root_f"]').length < Math.min(n, 100)) await new Promise((r) => setTimeout(r, 1));
  await nextFrame();
  bench.renderMs = performance.now() - start;
};
void waitFields();

let down = 0;
document.addEventListener('keydown', (e) => (down = e.timeStamp), true);
document.addEventListener(
  'input',
  (e) => {
    const el = e.target as HTMLInputElement;
    const at = down;
    const want = el.value;
    void (async () => {
      // the keystroke has reached the screen when the input shows it after React's commit and a frame
      await nextFrame();
      if (el.value === want) bench.keys.push(performance.now() - at);
    })();
  },
  true,
);
