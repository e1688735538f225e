/**
 * The form benchmark page: renders the N-field FormPage (?n=150) of ./fixture.ts with the real renderer,
 * the app's theme and style sheets, and records `window.__bench = {renderMs}` — from before React renders to the frame after every field's
 * input is in the DOM — and, for each keystroke Playwright types, the time from the keydown event to the
 * next frame after the typed value is in the input (`window.__bench.keys`, ms).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, ConfigProvider, Input, Space } from 'antd';
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

/**
 * As in the app, the form opens inside a running shell: the ConfigProvider, its theme tokens and a few antd
 * components are mounted first (the list page the user clicks 新增 on), then the form is opened and timed.
 */
function Shell({ children }: { children?: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme(primaryOf({ ...DEFAULT_LAYOUT }))}>
      <Space>
        <Button type="primary">{'新增'}</Button>
        <Input placeholder={'关键字'} />
      </Space>
      {children}
    </ConfigProvider>
  );
}
const root = createRoot(document.getElementById('root')!);
let start = 0;
const waitFields = async () => {
  while (document.querySelectorAll('[id^="root_f"]').length < n) await new Promise((r) => setTimeout(r, 1));
  await nextFrame();
  bench.renderMs = performance.now() - start;
};
root.render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
void nextFrame()
  .then(nextFrame)
  .then(() => {
    start = performance.now();
    root.render(
      <StrictMode>
        <Shell>
          <FormPage bundle={bundle} />
        </Shell>
      </StrictMode>,
    );
    void waitFields();
  });

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
