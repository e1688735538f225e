/**
 * The phone layout (below 600 px, SPEC §2.4 mobile) at 390 × 844: 李娜 opens 待办公文 and sees her items as cards
 * (title, fields, no table header), opens the 发文 of the demo seed waiting for her 部门核稿 and approves it on
 * the approval page; the list then no longer shows it. Screenshots in tests/e2e/artifacts.
 */
import { expect, test } from '@playwright/test';
import { ApprovalPageObject, LoginPage, keepScreenshot } from './pages.js';

/** A 发文 of the demo seed at 李娜's 部门核稿 (src/areas/document/server/seed/contentData.ts). */
const DOC = '关于开展2026年度机关档案工作检查的通知';

test.use({ viewport: { width: 390, height: 844 } });

test('李娜 reads 待办公文 as cards and approves a 发文 on her phone', async ({ page }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).login('lina');
  await page.goto('document/dbgw');
  const card = page.getByTestId('list-card').filter({ hasText: DOC });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-table-thead')).toHaveCount(0);
  // The card fits the screen: nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await keepScreenshot(page, 'phone-todo');

  const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByTestId('worklist-open').click()]);
  await tab.waitForLoadState();
  const approval = new ApprovalPageObject(tab);
  await expect(approval.current).toContainText('部门核稿');
  await keepScreenshot(tab, 'phone-approval');
  await approval.act('approve', '核稿无误（手机）');
  await expect(approval.log).toContainText('核稿无误（手机）');

  await page.reload();
  await expect(page.getByTestId('worklist-keyword')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByTestId('list-card').filter({ hasText: DOC })).toHaveCount(0);
});
