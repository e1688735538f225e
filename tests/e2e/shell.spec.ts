/**
 * The shell as a person uses it ("What it must show"): log in, the four menu layouts
 * (screenshots kept in tests/e2e/artifacts), five tabs, close others, reload and find the tabs
 * restored, switch language, switch department, log out.
 */
import { expect, test } from '@playwright/test';
import { LoginPage, Shell, keepScreenshot } from './pages.js';

test('demo signs in, works in each layout and in tabs, switches language, logs out', async ({ page }) => {
  test.setTimeout(120_000); // four layouts, seven tabs, two reloads and two languages
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.goto('?DepartmentName=市人民政府办公室&titleId=1');
  await expect(page.getByTestId('login-title')).toContainText('市人民政府办公室');
  await keepScreenshot(page, 'login');
  await login.login('demo');
  await expect(page).toHaveURL(/\/dashboard\/console$/);
  await expect(page.getByTestId('console-greeting')).toContainText('周明远');
  await expect(page).toHaveTitle(/控制台/);

  for (const mode of ['left', 'top', 'mix', 'mix2'] as const) {
    if (mode === 'left') await shell.chooseLayoutFromUserMenu(mode);
    else await shell.chooseLayout(mode);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', mode);
    if (mode === 'left') await expect(page.getByTestId('sider')).toBeVisible();
    if (mode === 'top') {
      await expect(page.getByTestId('top-menu')).toBeVisible();
      await expect(page.getByTestId('sider')).toHaveCount(0);
    }
    if (mode === 'mix') {
      await expect(page.getByTestId('top-menu')).toBeVisible();
      await expect(page.getByTestId('sider')).toBeVisible();
    }
    if (mode === 'mix2') await expect(page.getByTestId('icon-rail')).toBeVisible();
    await keepScreenshot(page, `layout-${mode}`);
  }
  // The layout choice was saved on the server: it survives a reload.
  await page.reload();
  await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'mix2');
  await shell.chooseLayout('left');
  await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'left');

  // Start from the console alone (tabs opened by earlier sessions are restored at login).
  if ((await shell.tabs.count()) > 1) await shell.tabAction('closeAll');
  await expect(shell.tabs).toHaveCount(1);
  // Five tabs besides the console.
  const pages = ['/document/dbgw', '/affair/dbsw', '/mail/inbox', '/meeting/room', '/schedule/index/day'];
  for (const p of pages) await shell.openTab(p);
  await expect(shell.tabs).toHaveCount(6);
  await keepScreenshot(page, 'tabs-five');
  // Close others: the console (fixed) and the current tab stay.
  await shell.tabAction('closeOthers');
  await expect(shell.tabs).toHaveCount(2);
  const kept = await shell.tabLabels();
  expect(kept[0]).toContain('控制台');
  expect(kept[1]).toContain('我的日程');

  // Open two more, reload: the tabs come back from the server.
  await shell.openTab('/notice/list');
  await shell.openTab('/car/apply');
  await expect(shell.tabs).toHaveCount(4);
  await page.waitForTimeout(1500); // the tab list is saved with a debounce of 1000 ms (SPEC §9)
  await page.reload();
  await expect(shell.tabs).toHaveCount(4);
  expect((await shell.tabLabels()).join('|')).toMatch(/控制台.*我的日程.*全部通知.*用车申请/);

  // Closing the current tab goes to a neighbour.
  await page.getByTestId('tab-item').filter({ hasText: '用车申请' }).getByTestId('tab-close').click();
  await expect(page).toHaveURL(/\/notice\/list$/);

  // Language: en-US everywhere, then back.
  await shell.switchLanguage('en-US');
  await expect(page.getByTestId('console-greeting').or(page.getByTestId('under-construction').locator('visible=true'))).toBeVisible();
  await expect.poll(async () => (await shell.tabLabels()).join('|')).toContain('Console');
  await expect(page).toHaveTitle(/All notices/);
  await keepScreenshot(page, 'en-US');
  await page.reload();
  await expect.poll(async () => (await shell.tabLabels()).join('|')).toContain('Console');
  await shell.switchLanguage('zh-CN');
  expect((await shell.tabLabels()).join('|')).toContain('控制台');

  await shell.logout();
  // Back on the login page with the remembered title.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-title')).toContainText('市人民政府办公室');
});

test('a member of two departments switches department', async ({ page }) => {
  const shell = new Shell(page);
  await new LoginPage(page).goto();
  await new LoginPage(page).login('hechao');
  await expect(page.getByTestId('logo')).toContainText('市政府办公室信息科');
  // Shows the server's message "已切换到…" (asserted inside switchDepartment).
  await shell.switchDepartment('市发展和改革委员会办公室');
  // The page reloads after 1 s (SPEC §4) into the new department.
  await expect(page.getByTestId('logo')).toContainText('市发展和改革委员会办公室', { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('logo')).toContainText('市发展和改革委员会办公室');
});

test('without a session every page sends the user to login and back after it', async ({ page }) => {
  await page.goto('document/dbgw');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await new LoginPage(page).login('zhangwei');
  await expect(page).toHaveURL(/\/document\/dbgw$/);
});

test('a page outside the menu is refused with 403, an unknown path shows 404', async ({ page }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).login('zhangwei');
  await new Shell(page).open('/organization/user');
  await expect(page.getByTestId('exception-403')).toBeVisible();
  await keepScreenshot(page, 'exception-403');
  await new Shell(page).open('/no/such/page');
  await expect(page.getByTestId('exception-404')).toBeVisible();
  await page.getByTestId('exception-home').click();
  await expect(page).toHaveURL(/\/dashboard\/console$/);
});
