/**
 * 接待管理 as a person uses it: the list rendered from schemas/receptions by the page engine —
 * `demo` opens it, registers a reception in the drawer form, finds it by keyword, edits it, exports the
 * list (an .xlsx download that opens as a workbook holding the row) and deletes the reception. Screenshots are kept in tests/e2e/artifacts.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { EngineListPage, LoginPage, ReceptionForm, Shell, keepScreenshot } from './pages.js';

// a 2560 px desktop: all ten columns of 接待管理 fit beside its five row actions (narrower screens show the columns that fit)
test.use({ viewport: { width: 2560, height: 1440 } });

test('demo registers, finds, edits, exports and deletes a reception', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).goto();
  await new LoginPage(page).login('demo');
  const shell = new Shell(page);
  const list = new EngineListPage(page);

  // The list in the shell: the definition's title and Chinese headers, no raw keys.
  await shell.openTab('/receptions/index');
  await expect(list.title).toHaveText('接待管理');
  await expect(page).toHaveTitle(/接待管理/);
  expect(await list.headers()).toEqual(expect.arrayContaining(['接待事由', '来宾单位', '来宾人数', '接待日期', '操作']));
  await expect(page.getByTestId('list-toolbar-act_add')).toContainText('登记接待');
  await expect(page.getByTestId('list-toolbar-act_export')).toContainText('导出');
  await expect(list.root).not.toContainText('receptions.');
  await keepScreenshot(page, 'receptions-list');

  // Register a reception in the drawer.
  const title = `E2E 兄弟城市考察团来访 ${Date.now()}`;
  await list.toolbar('act_add');
  await expect(list.drawer).toBeVisible();
  await expect(list.drawer).toContainText('登记接待');
  const form = new ReceptionForm(page, list.drawer);
  await form.fill('接待事由', title);
  await form.fill('来宾单位', '某市发展和改革委员会');
  await form.fill('来宾人数', '6');
  await form.date('接待日期', '2026-10-12');
  await form.date('离开日期', '2026-10-14');
  await form.fill('接待地点', '市政府第一会议室');
  await form.pick('承办部门', '市政府办公室');
  await form.fill('接待费用（元）', '3600.5');
  await keepScreenshot(page, 'receptions-add');
  await form.submit();
  await list.drawerClosed();

  // Find it by keyword: one row, with its status tag and the money formatted.
  await list.search(title);
  await expect(list.rows).toHaveCount(1);
  const row = list.row(title);
  await expect(row).toContainText('某市发展和改革委员会');
  await expect(row).toContainText('计划中');
  await expect(row).toContainText('¥3,600.50');
  await keepScreenshot(page, 'receptions-found');

  // Edit it: the new value shows in the list.
  await list.rowAction(title, 'act_edit');
  await expect(list.drawer).toBeVisible();
  const edit = new ReceptionForm(page, list.drawer);
  await edit.fill('来宾单位', '某省发展和改革委员会');
  await edit.fill('来宾人数', '8');
  await edit.submit();
  await list.drawerClosed();
  await expect(list.row(title)).toContainText('某省发展和改革委员会');
  await expect(list.row(title)).toContainText('8');

  // Export what the list shows: an .xlsx (a zip, 'PK').
  const download = page.waitForEvent('download');
  await list.toolbar('act_export');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // It opens as a workbook: Chinese headers and the reception's row.
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toEqual(expect.arrayContaining(['接待事由', '来宾单位']));
  const rows: string[] = [];
  sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).map(String).join('|')));
  expect(rows.some((r) => r.includes(title) && r.includes('某省发展和改革委员会'))).toBe(true);

  // Delete it after the confirmation.
  await list.rowAction(title, 'act_delete');
  await expect(page.locator('.ant-popconfirm:visible')).toContainText('确定删除该接待记录吗？');
  await keepScreenshot(page, 'receptions-delete-confirm');
  await list.confirm();
  await expect(list.rows).toHaveCount(0);
  await expect(list.root).toContainText('暂无数据');
  await keepScreenshot(page, 'receptions-deleted');
});
