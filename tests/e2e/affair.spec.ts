/**
 * An affair (事务) through the approval engine in two browsers: 张伟 drafts and submits one; 李娜 (his
 * 科长), already signed in, sees the reminder arrive on her bell without reloading, opens it from the bell and
 * approves with an opinion; 周明远 (the 分管领导 above) approves it from his 待办事务; 张伟 finds it in 已发事务 as
 * 已办结 with the whole flow log. Screenshots are kept in tests/e2e/artifacts.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ApprovalPageObject, LoginPage, keepScreenshot } from './pages.js';

const TITLE = `关于更新第三会议室投影设备的请示${Date.now() % 100000}`;

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).goto();
  // the bell loads its reminders once at start (Msg/list): a count read before that is not the starting one
  const bellLoaded = page.waitForResponse((r) => r.url().includes('/api/Msg/list'));
  await new LoginPage(page).login(username);
  await bellLoaded;
  return page;
}

/** Clicks the title in a work list and answers the approval page (opened in a new browser tab, SPEC §2.2). */
async function openFromList(page: Page): Promise<Page> {
  const row = page.locator('.ant-table-row', { hasText: TITLE });
  await expect(row).toBeVisible();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('worklist-open').click()]);
  await tab.waitForLoadState();
  return tab;
}

test('an affair is submitted, reminded, approved twice and seen finished by its author', async ({ browser }) => {
  // four people sign in and each first page loads the page engine: more than the default minute on a busy machine
  test.setTimeout(120_000);
  const lina = await signIn(browser, 'lina');
  const bellCount = lina.getByTestId('notice-bell').locator('.ant-badge-count');
  const before = Number((await bellCount.count()) ? await bellCount.first().innerText() : 0);

  // 张伟 drafts the affair and submits it; it is in his 已发事务 as 办理中.
  const zhang = await signIn(browser, 'zhangwei');
  await zhang.goto('affair/new');
  await zhang.getByLabel('事务标题', { exact: true }).fill(TITLE);
  await keepScreenshot(zhang, 'affair-new');
  await zhang.getByTestId('form-submit-flow').click();
  await expect(zhang).toHaveURL(/affair\/yfsw/);
  await expect(zhang.locator('.ant-table-row', { hasText: TITLE }).getByTestId('worklist-status')).toHaveText('办理中');

  // 李娜's bell counts it without a reload; she opens it from the bell and approves with an opinion.
  await expect(bellCount).toHaveText(String(before + 1));
  await lina.getByTestId('notice-bell').click();
  const reminder = lina.getByTestId('notice-item').filter({ hasText: TITLE });
  await expect(reminder).toContainText('【待办】');
  await keepScreenshot(lina, 'affair-reminder');
  await reminder.click();
  await expect(lina).toHaveURL(/affair\/show-audit\/\d+/);
  const approval = new ApprovalPageObject(lina);
  await expect(approval.status).toHaveText('办理中');
  await keepScreenshot(lina, 'affair-approval');
  await approval.act('approve', '同意，请周主任审批');

  // 周明远 approves it from his 待办事务.
  const zhou = await signIn(browser, 'demo');
  await zhou.goto('affair/dbsw');
  const zhouTab = await openFromList(zhou);
  await new ApprovalPageObject(zhouTab).act('approve', '同意');
  await expect(new ApprovalPageObject(zhouTab).status).toHaveText('已办结');

  // 张伟 sees it finished, with the whole flow log.
  await zhang.getByTestId('worklist-reload').click();
  await expect(zhang.locator('.ant-table-row', { hasText: TITLE }).getByTestId('worklist-status')).toHaveText('已办结');
  const done = await openFromList(zhang);
  const log = new ApprovalPageObject(done).log;
  await expect(log).toContainText('张伟');
  await expect(log).toContainText('李娜');
  await expect(log).toContainText('同意，请周主任审批');
  await expect(log).toContainText('周明远');
  await keepScreenshot(done, 'affair-finished-log');
});
