/**
 * Accessibility (GB/T 37668-2019, WCAG 2.1 AA) checked by axe-core on the pages a person uses: /login, the console,
 * 我的待办, a list (接待管理), a form (发文拟稿, with its rich-text 正文), an approval page (a 发文 at 部门核稿) and both
 * designers (form and flow): no critical and no serious violation on any. Then a keyboard-only approval: 李娜 opens
 * 待办公文, reaches the row with Tab and opens it with Enter, writes her opinion and approves with the keyboard alone,
 * and the item has left her 待办.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { EngineListPage, LoginPage, keepScreenshot } from './pages.js';

/** The WCAG 2.1 A and AA rules (GB/T 37668-2019 follows WCAG 2.0 AA). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A 发文 of the demo seed waiting for 李娜's 部门核稿 (src/areas/document/server/seed/contentData.ts). */
const DOC = '关于进一步加强政务值班工作的通知';

/** Runs axe on the page as shown and expects no critical or serious violation (listed with their nodes when any). */
async function noSeriousViolations(page: Page, name: string): Promise<void> {
  // Let antd's motion settle (a fading element is measured with a half-transparent colour).
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = bad.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n')}`,
  );
  expect(report, `${name}: axe violations`).toEqual([]);
}

async function signIn(page: Page, username: string): Promise<void> {
  await new LoginPage(page).goto();
  await noSeriousViolations(page, 'login');
  await new LoginPage(page).login(username);
}

test('the pages pass axe (WCAG 2.1 AA): console, lists, a form and both designers', async ({ page, browser }) => {
  await signIn(page, 'demo');
  await noSeriousViolations(page, 'console');
  await page.goto('flow/list');
  await expect(page.getByTestId('worklist-flow.todo')).toBeVisible();
  await noSeriousViolations(page, '我的待办');
  await page.goto('receptions/index');
  await expect(new EngineListPage(page).rows.first()).toBeVisible({ timeout: 20_000 });
  await noSeriousViolations(page, '接待管理');
  await keepScreenshot(page, 'list-columns-1440');
  await page.goto('document/new');
  await expect(page.locator('.oa-richtext .ProseMirror').first()).toBeVisible();
  await noSeriousViolations(page, '发文拟稿');
  const admin = await (await browser.newContext()).newPage();
  await new LoginPage(admin).goto();
  await new LoginPage(admin).login('admin');
  await admin.goto('form/new?id=receptions.reception.form');
  await expect(admin.getByTestId('designer-canvas')).toBeVisible();
  await noSeriousViolations(admin, 'form designer');
  await admin.goto('flowset/add?id=document.send');
  await expect(admin.getByTestId('flowset-design')).toBeVisible();
  await admin.waitForTimeout(1000);
  await noSeriousViolations(admin, 'flow designer');
});

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses (focus stuck or lost). */
async function tabTo(page: Page, target: Locator, max = 60, back = false): Promise<number> {
  const passed: string[] = [];
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return n;
    passed.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'none'));
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}; focus went:\n${passed.join('\n')}`);
}

test('李娜 approves a 发文 from 待办公文 with the keyboard alone', async ({ page }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).login('lina');
  await page.goto('document/dbgw');
  const link = page.locator('.ant-table-row', { hasText: DOC }).getByTestId('worklist-open');
  await expect(link).toBeVisible({ timeout: 20_000 });
  // From the keyword box, Tab passes the filters (none keeps the focus) and reaches the row's title; Enter opens it.
  await page.getByTestId('worklist-keyword').locator('input').focus();
  await tabTo(page, link);
  const [approval] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await approval.waitForLoadState();
  await expect(approval.getByTestId('approval-current')).toContainText('部门核稿');
  await noSeriousViolations(approval, 'approval page');
  // The opinion and the 同意 button, reached with Tab from the top of the page.
  await approval.locator('body').focus();
  await tabTo(approval, approval.getByTestId('approval-opinion'), 200);
  await approval.keyboard.type('核稿无误（键盘操作）');
  const approve = approval.getByTestId('approval-action-approve');
  await tabTo(approval, approve, 40);
  await approval.keyboard.press('Enter');
  await expect(approval.getByTestId('approval-log')).toContainText('核稿无误（键盘操作）');
  await expect(approve).toHaveCount(0);
  // It has left her 待办.
  await page.reload();
  await expect(page.getByTestId('worklist-keyword')).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: DOC })).toHaveCount(0);
});
