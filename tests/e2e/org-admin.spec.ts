/**
 * Organisation administration as the administrator does it: `admin` creates a department, a role,
 * gives the role three menus on the role-menu permission page, creates a person in that department holding
 * the role (the generated initial password is shown once); the person signs in with it, must replace it on
 * 修改密码 first (-98), and then their menu holds exactly those three pages (and the sections around them).
 * Screenshots are kept in tests/e2e/artifacts.
 */
import { expect, test, type Page } from '@playwright/test';
import { EngineListPage, LoginPage, ReceptionForm, Shell, keepScreenshot } from './pages.js';

/** The three pages the new role opens, with their sections. */
const MENUS = ['/receptions/index', '/notice/list', '/car/list'];
const SECTIONS = ['/receptions', '/notice', '/car'];

interface MenuNode {
  path: string;
  children?: MenuNode[];
}

/** Ticks a page in the permission tree: expands its section, then ticks the page's checkbox. */
async function tickMenu(page: Page, path: string): Promise<void> {
  const section = `/${path.split('/')[1]}`;
  const sectionNode = page.locator('.ant-tree-treenode', { has: page.getByTestId(`menu-node-${section}`) });
  const pageNode = page.locator('.ant-tree-treenode', { has: page.getByTestId(`menu-node-${path}`) });
  if (!(await pageNode.isVisible())) await sectionNode.locator('.ant-tree-switcher').click();
  await pageNode.locator('.ant-tree-checkbox').click();
  await expect(pageNode.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
}

test('admin creates a department, a role with three menus and a person who then sees exactly those menus', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const deptName = `E2E综合科${stamp}`;
  const roleCode = `e2e_${stamp}`;
  const roleName = `E2E接待员${stamp}`;
  const username = `e2e${stamp}`;
  const realname = '测试人员';

  await new LoginPage(page).goto();
  await new LoginPage(page).login('admin');
  const shell = new Shell(page);
  const list = new EngineListPage(page);

  // Registrations waiting for review are listed under 账号管理.
  await shell.openTab('/organization/account');
  await expect(list.title).toHaveText('账号管理');
  expect(await list.headers()).toEqual(expect.arrayContaining(['姓名', '手机号码', '注册时间', '审核状态']));
  await keepScreenshot(page, 'org-accounts');
  // Approve one: 已通过 shows the department to place the person in.
  await expect(list.row('何晓东')).toContainText('待审核');
  await list.rowAction('何晓东', 'act_review');
  await expect(list.drawer).toBeVisible();
  const review = new ReceptionForm(page, list.drawer);
  await list.drawer.getByLabel('审核状态', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已通过' }).click();
  await review.pick('分配部门', '市政府办公室');
  await keepScreenshot(page, 'org-account-review');
  await review.submit();
  await list.drawerClosed();
  await expect(list.row('何晓东')).toContainText('已通过');

  // A department under 市政府办公室.
  await shell.openTab('/organization/department');
  await expect(list.title).toContainText('部门');
  await list.toolbar('act_add');
  await expect(list.drawer).toBeVisible();
  const dept = new ReceptionForm(page, list.drawer);
  await dept.fill('名称', deptName);
  await dept.pick('上级部门', '市政府办公室');
  await keepScreenshot(page, 'org-department-add');
  await dept.submit();
  await list.drawerClosed();
  await list.search(deptName);
  await expect(list.row(deptName)).toHaveCount(1);

  // A role.
  await shell.openTab('/organization/role');
  await list.toolbar('act_add');
  await expect(list.drawer).toBeVisible();
  const role = new ReceptionForm(page, list.drawer);
  await role.fill('角色代码', roleCode);
  await role.fill('角色名称', roleName);
  await role.submit();
  await list.drawerClosed();
  await list.search(roleName);
  await expect(list.row(roleName)).toHaveCount(1);

  // Its menus: three pages on the role-menu permission page.
  await shell.openTab('/organization/permission');
  await page.getByTestId(`perm-role-${roleCode}`).click();
  await expect(page.getByTestId('menu-node-/receptions')).toBeVisible();
  for (const m of MENUS) await tickMenu(page, m);
  await keepScreenshot(page, 'org-permission');
  await page.getByTestId('perm-save').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '角色权限已保存' })).toBeVisible();
  await expect(page.getByTestId('perm-save')).toBeDisabled();

  // A person in the new department holding the role; the initial password is shown once.
  await shell.openTab('/organization/user');
  await list.toolbar('act_add');
  await expect(list.drawer).toBeVisible();
  const user = new ReceptionForm(page, list.drawer);
  await user.fill('姓名', realname);
  await user.fill('账号', username);
  await user.pick('所在部门', deptName);
  await page.keyboard.press('Escape');
  await user.pick('主部门', deptName);
  await user.pick('角色', roleName);
  await page.keyboard.press('Escape');
  await keepScreenshot(page, 'org-user-add');
  await user.submit();
  const notice = page.getByTestId('form-notice');
  await expect(notice).toContainText('初始密码');
  const password = (await page.getByTestId('form-notice-copy').innerText()).trim();
  expect(password).toMatch(/^\S{12}$/);
  await keepScreenshot(page, 'org-user-password');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await list.drawerClosed();
  await list.search(username);
  await expect(list.row(username)).toContainText(deptName);

  // The person signs in (own browser context) and sees exactly the three pages.
  const context = await browser.newContext();
  const their = await context.newPage();
  await new LoginPage(their).goto();
  await new LoginPage(their).login(username, password);
  // An administrator's password must be replaced first: the console keeps the person on 修改密码 until then.
  await expect(their.getByTestId('password-locked')).toBeVisible();
  await keepScreenshot(their, 'org-new-user-change-password');
  await their.getByTestId('setting-old-password').fill(password);
  await their.getByTestId('setting-new-password').fill('Mine@2026x');
  await their.getByTestId('setting-confirm-password').fill('Mine@2026x');
  await their.getByTestId('setting-password-save').click();
  await expect(their.getByTestId('password-locked')).toBeHidden();
  const body = (await (await their.request.post('api/Person/userInfo', { data: {} })).json()) as { code: number; data: { menu: MenuNode[] } };
  expect(body.code).toBe(0);
  const held: string[] = [];
  const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (held.push(n.path), walk(n.children ?? [])));
  walk(body.data.menu);
  expect(held.sort()).toEqual([...SECTIONS, ...MENUS].sort());

  // What the screen shows: of the three sections, those whose area is built (receptions; notices and cars are not
  // yet, so their menus are hidden), nothing else; the page opens.
  const theirShell = new Shell(their);
  await theirShell.chooseLayout('left');
  const sider = their.getByTestId('sider');
  await expect(sider.getByTestId('menu-/receptions')).toBeVisible();
  const shown = await sider.locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(shown).toContain('menu-/receptions');
  expect(shown.filter((id) => id?.startsWith('menu-/car') || id?.startsWith('menu-/notice'))).toEqual([]);
  for (const id of shown)
    expect(
      SECTIONS.some((s) => id === `menu-${s}` || id?.startsWith(`menu-${s}/`)),
      `${id} shown`,
    ).toBe(true);
  await keepScreenshot(their, 'org-new-user-menu');
  await theirShell.openTab('/receptions/index');
  await expect(new EngineListPage(their).title).toHaveText('接待管理');
  await theirShell.open('/organization/user');
  await expect(their.getByTestId('exception-403')).toBeVisible();
  await context.close();
});
