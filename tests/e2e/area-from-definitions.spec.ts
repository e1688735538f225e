/**
 * An area written only as definitions: tests/fixtures/areas/repair (设备报修 — its own route prefix /repair that SPEC
 * does not name, a 报修单 entity whose 报修设备 field refers to a record of the 设备 entity, list / form / detail pages, a
 * two-step flow and default grants) is copied into schemas/, and the server restarted on the same data and the same
 * built front end — no rebuild. Then, in Chromium: 张伟 fills the form, picks the device, submits; 李娜 opens the item
 * from 待办 and approves; 周明远 opens it from the bell and approves; the detail page shows the result.
 *
 * The spec runs its own server (a second port, its own data directory) because it restarts it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApprovalPageObject, DEMO_PASSWORD, EngineListPage, ReceptionForm, keepScreenshot } from './pages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(root, 'tests/fixtures/areas/repair');
const TARGET = path.join(root, 'schemas/repair');
const PORT = Number(process.env.E2E_PORT ?? 18181) + 11;
const BASE = `http://127.0.0.1:${PORT}/`;
const dataDir = path.join(process.env.E2E_DATA_DIR ?? path.join(root, 'test-results', 'e2e-data'), '..', 'e2e-area-data');
const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(root, 'dist', 'client');
const TITLE = `三楼打印机卡纸无法打印${Date.now() % 100000}`;
const DEVICE = `惠普激光打印机${Date.now() % 100000}`;

let server: ChildProcess | null = null;

/** Starts the app on PORT and resolves once /api/health answers. */
async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${BASE}api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function stopServer(): Promise<void> {
  const s = server;
  server = null;
  if (!s || s.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    s.once('exit', () => resolve());
    s.kill('SIGTERM');
  });
}

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell')).toBeVisible();
  return page;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  fs.rmSync(TARGET, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.afterAll(async () => {
  await stopServer();
  fs.rmSync(TARGET, { recursive: true, force: true });
});

// a 1920 px desktop: every column of the list fits beside its actions (narrower screens show the columns that fit)
test.use({ viewport: { width: 1920, height: 1080 } });

test('an area copied into schemas/ works after a restart, without a rebuild', async ({ browser }) => {
  test.setTimeout(180_000);
  // Before: the organisation runs without the area; /repair is not a route.
  await startServer();
  const before = await signIn(browser, 'zhangwei');
  await before.goto('repair/new');
  await expect(before.getByTestId('form-submit-flow')).toHaveCount(0);
  await before.context().close();
  await stopServer();

  // The implementer copies the folder and restarts the server; the built front end is the same.
  fs.cpSync(FIXTURE, TARGET, { recursive: true });
  await startServer();

  // 周明远 (office director, granted repair:manage by the area's default grants) registers a device.
  const zhou = await signIn(browser, 'demo');
  await zhou.goto('repair/devices');
  const devices = new EngineListPage(zhou);
  await devices.toolbar('act_add');
  const form = new ReceptionForm(zhou, devices.drawer);
  await form.fill('设备名称', DEVICE);
  await form.fill('资产编号', `ZC-${Date.now() % 100000}`);
  await form.fill('存放地点', '三楼综合办公室');
  await form.submit();
  await devices.drawerClosed();
  await expect(devices.row(DEVICE)).toBeVisible();

  // 张伟 (staff: repair:apply by default) fills the form, picks the device by typing part of its name, submits.
  const zhang = await signIn(browser, 'zhangwei');
  await zhang.goto('repair/new');
  await zhang.getByLabel('报修事由', { exact: true }).fill(TITLE);
  const picker = zhang.getByTestId('record-picker-root_device').getByRole('combobox');
  await picker.click();
  // the keyword is searched by words (jieba), as everywhere: 惠普 finds 惠普激光打印机…
  await picker.fill('惠普');
  await zhang.locator('.ant-select-item-option', { hasText: DEVICE }).click();
  await keepScreenshot(zhang, 'repair-new');
  await zhang.getByTestId('form-submit-flow').click();
  await expect(zhang).toHaveURL(/repair\/sent/);

  // 李娜 (his head of section) opens it from 待办报修 and approves.
  const lina = await signIn(browser, 'lina');
  await lina.goto('repair/todo');
  const row = lina.locator('.ant-table-row', { hasText: TITLE });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const [linaTab] = await Promise.all([lina.context().waitForEvent('page'), row.getByTestId('worklist-open').click()]);
  await linaTab.waitForLoadState();
  await expect(linaTab).toHaveURL(/repair\/show\/\d+/);
  await expect(new ApprovalPageObject(linaTab).field('报修设备')).toBeVisible();
  await keepScreenshot(linaTab, 'repair-approval');
  await new ApprovalPageObject(linaTab).act('approve', '情况属实，请领导审批');

  // 周明远 opens it from the bell and approves, writing the resolution.
  await zhou.reload();
  await zhou.getByTestId('notice-bell').click();
  const reminder = zhou.getByTestId('notice-item').filter({ hasText: TITLE });
  await expect(reminder).toBeVisible({ timeout: 30_000 });
  await reminder.click();
  await expect(zhou).toHaveURL(/repair\/show\/\d+/);
  const approval = new ApprovalPageObject(zhou);
  await approval.field('处理意见').fill('同意，由信息中心当日上门维修');
  await approval.act('approve', '同意');
  await expect(approval.status).toHaveText('已办结');

  // The register shows the result with the device as a link to its record.
  await zhou.goto('repair/tickets');
  const done = zhou.locator('.ant-table-row', { hasText: TITLE });
  await expect(done).toContainText(DEVICE);
  await expect(done).toContainText('由信息中心当日上门维修');
  await keepScreenshot(zhou, 'repair-register');
});
