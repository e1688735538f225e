/**
 * The 请假审批 flow designed in the browser ("What it must show"): on /flowset/add of a blank flow, the
 * admin builds 发起 → 科长审批 (the initiator's 1st-level 主管) → 条件分支 请假天数 {三天以上: days > 3, built with
 * the condition builder → 分管领导、人事科会签 (the initiator's 2nd-level 主管 and 郑敏 picked in the organisation
 * picker, 会签); 三天以内: the default} → 办结 (the blank flow's 结束 renamed), with the "+" menus on the edges and
 * the node and branch panels, and ends when the toolbar shows 检查通过. Node ids are the designer's own; callers
 * compare by node title.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { keepScreenshot } from './pages.js';

/** Where 郑敏 sits in the organisation picker's department tree. */
const ZHENGMIN_DEPT = ['市人民政府', '市政府办公室', '人事科'];

/** The id of the node or branch whose panel is open (the panel form's test id is `flowd-panel-<id>`). */
async function openPanelId(page: Page): Promise<string> {
  const form = page.getByTestId('flowd-panel').locator('form[data-testid^="flowd-panel-"]');
  await expect(form).toHaveCount(1);
  return (await form.getAttribute('data-testid'))!.slice('flowd-panel-'.length);
}

/** Inserts a node of `type` (approve, branch…) with the "+" of edge `edgeId`; answers the new node's id. */
async function insertOn(page: Page, edgeId: string, type: string): Promise<string> {
  await page.getByTestId(`flowd-plus-${edgeId}`).click();
  await page.locator('.ant-dropdown:visible').getByTestId(`flowd-insert-${type}`).click();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
  return openPanelId(page);
}

/** Types `title` into the open panel's 名称 (`testId`) and commits it with Enter. */
async function rename(page: Page, testId: string, title: string): Promise<void> {
  const input = page.getByTestId('flowd-panel').getByTestId(testId);
  await input.fill(title);
  await input.press('Enter');
  await expect(input).toHaveValue(title);
}

/** Chooses `option` in the antd Select `select` (the dropdown it opens). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const list = await select.locator('[role="combobox"]').first().getAttribute('aria-controls');
  const dropdown = list ? page.locator(`.ant-select-dropdown:has([id="${list}"])`) : page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect(select).toContainText(option);
}

/** Adds an assignee rule of `kind` to the open node panel; answers its row. */
async function addRule(page: Page, kind: string, label: string): Promise<Locator> {
  const rules = page.getByTestId('flowd-assignees');
  const n = await rules.locator('.oa-flowd-rule').count();
  await rules.getByTestId('flowd-assignees-add').click();
  await page.locator('.ant-dropdown:visible').getByTestId(`flowd-assignees-add-${kind}`).click();
  const row = rules.getByTestId(`flowd-assignees-${n}`);
  await expect(row).toContainText(label);
  return row;
}

/** Picks `name` in department `path` of the organisation picker opened by `browse`. */
async function pickPerson(page: Page, browse: Locator, path: string[], name: string): Promise<void> {
  await browse.click();
  const modal = page.locator('.ant-modal:visible');
  for (const [i, dept] of path.entries()) {
    const node = modal.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${dept}$`) }) }).first();
    if (i < path.length - 1) {
      if (!(await node.locator('.ant-tree-switcher_open').count())) await node.locator('.ant-tree-switcher').click();
    } else await node.locator('.ant-tree-node-content-wrapper').click();
  }
  await modal.locator('label.ant-checkbox-wrapper', { hasText: name }).first().click();
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(modal).toHaveCount(0);
}

/**
 * Designs 请假审批 on the open /flowset/add page of the blank flow (start → end) and ends with the designer's
 * check passed; `zhengminName` is the realname of the 人事科 member who countersigns.
 */
export async function designLeaveFlow(page: Page, zhengminName: string): Promise<void> {
  const designer = page.getByTestId('flow-designer');
  await expect(designer.getByTestId('flowd-node-start')).toBeVisible();

  // The blank flow's 结束 becomes 办结.
  await designer.getByTestId('flowd-node-end').click();
  expect(await openPanelId(page)).toBe('end');
  await rename(page, 'flowd-title', '办结');
  await expect(designer.getByTestId('flowd-node-end')).toContainText('办结');

  // 科长审批 after 发起: the initiator's 1st-level 主管 (the rule's defaults).
  const kz = await insertOn(page, 'start->end', 'approve');
  await rename(page, 'flowd-title', '科长审批');
  const leader = await addRule(page, 'leader', '主管');
  await expect(leader).toContainText('发起人');
  await expect(leader.getByRole('spinbutton')).toHaveValue('1');
  await expect(designer.getByTestId(`flowd-node-${kz}`)).toContainText('科长审批');

  // The condition set after it: 请假天数, with 三天以上 (days > 3) and the default 三天以内.
  const split = await insertOn(page, `${kz}->end`, 'branch');
  await rename(page, 'flowd-title', '请假天数');
  const labels = designer.locator('[data-testid^="flowd-branch-"]');
  await expect(labels).toHaveCount(2);
  const [longId, shortId] = await Promise.all([0, 1].map(async (i) => (await labels.nth(i).getAttribute('data-testid'))!.slice('flowd-branch-'.length)));

  await designer.getByTestId(`flowd-branch-${longId}`).click();
  expect(await openPanelId(page)).toBe(longId);
  await rename(page, 'flowd-branch-title', '三天以上');
  const builder = page.getByTestId('flowd-cond-builder');
  await builder.getByTestId('flowd-cond-add').click();
  const row = builder.getByTestId('flowd-cond-row-0');
  await choose(page, row.getByTestId('flowd-cond-field'), '请假天数');
  await choose(page, row.getByTestId('flowd-cond-op'), '大于');
  const value = row.getByRole('spinbutton');
  await value.fill('3');
  await value.press('Tab');
  await expect(designer.getByTestId(`flowd-branch-${longId}`)).toHaveAttribute('data-problems', '');

  await designer.getByTestId(`flowd-branch-${shortId}`).click();
  expect(await openPanelId(page)).toBe(shortId);
  await rename(page, 'flowd-branch-title', '三天以内');

  // In 三天以上: 分管领导 (2nd-level 主管) and 郑敏 of 人事科 countersign (会签).
  const fg = await insertOn(page, `${split}->${longId}`, 'approve');
  await rename(page, 'flowd-title', '分管领导、人事科会签');
  const second = await addRule(page, 'leader', '主管');
  const level = second.getByRole('spinbutton');
  await level.fill('2');
  await level.press('Tab');
  await expect(level).toHaveValue('2');
  const users = await addRule(page, 'users', '指定成员');
  await pickPerson(page, users.getByTestId('flowd-assignees-1-users-browse'), ZHENGMIN_DEPT, zhengminName);
  await expect(users).toContainText(zhengminName);
  await choose(page, page.getByTestId('flowd-mode'), '会签');
  await expect(designer.getByTestId(`flowd-node-${fg}`)).toContainText('会签');

  for (const title of ['科长审批', '请假天数', '三天以上', '三天以内', '分管领导、人事科会签', '办结']) await expect(designer).toContainText(title);
  await expect(page.getByTestId('flowd-problem-count')).toContainText('检查通过');
  await page.getByTestId('flowset-back').scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'designer-flow');
}
