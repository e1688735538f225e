/**
 * The designers in the browser ("What it must show"): `admin` designs a 请假申请 form and a 请假审批
 * flow (科长 → if days > 3 then 分管领导 会签 with 人事科 → 办结) and publishes both; 张伟 applies on 填写表单 for
 * 2 and for 5 working days and each routes as designed; the admin changes a label in the designer, publishes,
 * the diff in 版本记录 shows exactly that change, and 恢复 brings the old label back.
 *
 * Pragmatic split, to keep the run near three minutes:
 * - in the browser: 新建表单 on /form/list; the whole form designed on /form/new (./designer-form.ts: a section
 *   and fields dragged from the palette with the mouse or added by keyboard; labels, keys, required, the options
 *   of 请假类型 and the working-days formula of 请假天数 set in the inspector), a label edited in the inspector,
 *   the flow bound in 提交时启动, 发布 with a comment each time;
 *   新建流程 on /flowset/list, 保存草稿, the whole flow designed on /flowset/add (./designer-flow.ts: nodes
 *   and the condition set from the edges' "+" menus, titles, assignee rules with the organisation picker, 会签,
 *   the branch condition from the condition builder) and 发布; 张伟 filling and submitting the form on
 *   /form/add (type, dates, the working days computed on screen, reason); 版本记录 with 比较所选版本 and 恢复.
 * - through the API: the approvals of 李娜, 周明远 and 郑敏 (flow/act) and the routing checks
 *   (flow/info).
 * Screenshots of the designers, the filled form and the diff are kept in tests/e2e/artifacts.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { designLeaveForm } from './designer-form.js';
import { apiAs, LoginPage, ReceptionForm, keepScreenshot } from './pages.js';
import { designLeaveFlow } from './designer-flow.js';

/** The form's key: the pinyin of 请假申请 (新建表单 derives it from the title). */
const KEY = 'qingjiashenqing';
const FORM = `custom.${KEY}.form`;
const ENTITY = `custom.${KEY}`;
const GROUP = `custom_${KEY}`;
/** The flow's id: the form's area and the key typed in 新建流程. */
const FLOW = 'custom.qingjia';
/** Titles of the flow's approve nodes (as designed in ./designer-flow.ts). */
const KZ = '科长审批';
const FG = '分管领导、人事科会签';

interface Task {
  assignee: number;
  status: string;
  nodeId: string;
}
interface DefNode {
  id: string;
  title: { d: string };
  branches?: { nodes: DefNode[] }[];
}
interface Instance {
  id: number;
  status: string;
  state: { tasks: Task[] };
  definition: { nodes: DefNode[] };
}

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).goto();
  await new LoginPage(page).login(username);
  return page;
}

const userId = async (page: Page) => (await apiAs<{ id: number }>(page, 'Person/userInfo')).id;

/** Titles of the nodes of a definition by node id (branches included). */
function nodeTitles(nodes: DefNode[], out = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    out.set(n.id, n.title.d);
    for (const b of n.branches ?? []) nodeTitles(b.nodes, out);
  }
  return out;
}

/** Pending tasks of instance `id` as [node title, assignee], sorted (node ids are the designer's own). */
async function pending(page: Page, id: number): Promise<[string, number][]> {
  const v = await apiAs<Instance>(page, 'flow/info', { id });
  const titles = nodeTitles(v.definition.nodes);
  return v.state.tasks
    .filter((x) => x.status === 'pending')
    .map((x): [string, number] => [titles.get(x.nodeId) ?? x.nodeId, x.assignee])
    .sort((a, b) => a[1] - b[1]);
}

/** Publishes the open design page with `comment` (the 发布 button, then the comment dialog's 发布). */
async function publishForm(page: Page, comment: string, revision: number): Promise<void> {
  await page.getByTestId('form-publish').click();
  await page.getByTestId('form-publish-comment').fill(comment);
  await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await expect(page.locator('.ant-message')).toContainText(`已发布为第 ${revision} 版`);
  await expect(page.getByTestId('form-design')).toContainText(`基于已发布的第 ${revision} 版`);
}

/** Chooses `option` in the (non-searchable) select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  const list = await box.getAttribute('aria-controls');
  const dropdown = list ? page.locator(`.ant-select-dropdown:has([id="${list}"])`) : page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/**
 * Types a date into the date field labelled `label` and leaves it with Tab. (Not Enter, as ReceptionForm.date
 * does: Enter in a field of this form submits it, which here would start the flow before 提交 is clicked.)
 */
async function typeDate(scope: Locator, label: string, value: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(value);
  await field.press('Tab');
  await expect(field).toHaveValue(value);
}

/** 张伟 fills 请假申请 on /form/add from `start` to `end` (expecting `days` working days on screen) and submits it. */
async function apply(page: Page, start: string, end: string, days: number, reason: string): Promise<void> {
  const scope = page.getByTestId(`form-page-${FORM}`);
  await expect(scope).toBeVisible();
  const form = new ReceptionForm(page, scope);
  await choose(page, scope, '请假类型', '事假');
  await typeDate(scope, '开始日期', start);
  await typeDate(scope, '结束日期', end);
  await form.fill('请假事由', reason);
  await expect(scope.getByLabel('请假天数', { exact: true })).toHaveValue(String(days));
  await keepScreenshot(page, `designer-fill-${days}days`);
  await page.getByTestId('form-submit-flow').click();
  await expect(page.getByTestId('form-fill-done')).toBeVisible();
}

test('admin designs 请假申请 and its flow; applications route as designed; a label change is diffed and restored', async ({ browser }) => {
  test.setTimeout(300_000);
  const admin = await signIn(browser, 'admin');
  const zhang = await signIn(browser, 'zhangwei');
  const lina = await signIn(browser, 'lina');
  const zhou = await signIn(browser, 'demo');
  const zheng = await signIn(browser, 'zhengmin');
  const ids = { lina: await userId(lina), zhou: await userId(zhou), zheng: await userId(zheng) };

  // 新建表单 on /form/list opens the designer on the new, empty form.
  await admin.goto('form/list');
  await admin.getByTestId('form-new-open').click();
  await admin.getByTestId('form-new-title').fill('请假申请');
  await admin.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await expect(admin).toHaveURL(new RegExp(`form/new\\?id=${FORM.replace(/\./g, '\\.')}$`));
  await expect(admin.getByTestId('form-design')).toContainText('正在编辑草稿');
  await expect(admin.getByTestId('designer-canvas')).toContainText('从左侧拖入控件');

  // The form designed in the browser (./designer-form.ts): a section and fields dragged or added from the
  // palette; labels, keys, required, the options and the working-days formula set in the inspector.
  await designLeaveForm(admin);
  await keepScreenshot(admin, 'designer-form');
  await publishForm(admin, '首次发布：请假申请', 1);

  // 新建流程 on /flowset/list: a blank flow for the form, saved as a draft from the page.
  await admin.goto('flowset/list');
  await admin.getByTestId('flowset-new-open').click();
  const dialog = admin.locator('.ant-modal:visible');
  await new ReceptionForm(admin, dialog).pick('业务表单', `请假申请（${ENTITY}）`);
  await admin.getByTestId('flowset-new-key').fill('qingjia');
  await admin.getByTestId('flowset-new-name').fill('请假审批');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(admin.getByTestId('flowset-design')).toContainText('新流程，尚未发布');
  await admin.getByTestId('flowset-save-draft').click();
  await expect(admin.locator('.ant-message')).toContainText('草稿已保存');

  // The flow designed in the designer (./designer-flow.ts), then published.
  await designLeaveFlow(admin, '郑敏');
  await admin.getByTestId('flowset-publish').click();
  await admin.getByTestId('flowset-publish-comment').fill('请假审批：三天以上分管领导、人事科会签');
  await admin.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await expect(admin.locator('.ant-message')).toContainText('已发布为 v1');

  // 提交时启动: the form starts the flow on submit (revision 2).
  await admin.goto(`form/new?id=${FORM}`);
  await admin.getByTestId('form-flow').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: FLOW }).click();
  await publishForm(admin, '提交时启动请假审批', 2);

  // 张伟 applies for 2 and for 5 working days in the browser.
  await zhang.goto(`form/add?id=${FORM}`);
  await apply(zhang, '2026-12-01', '2026-12-02', 2, '家中有事，请事假两天');
  await zhang.getByTestId('form-fill-done').getByRole('button').first().click();
  await apply(zhang, '2026-12-07', '2026-12-11', 5, '回老家探亲，请事假五天');
  const records = (
    await apiAs<{ list: { days: number; flowId: number; flowStatus: string }[] }>(zhang, `${GROUP}/list`, { fields: ['days', 'flowId', 'flowStatus'] })
  ).list;
  const short = records.find((r) => r.days === 2)!;
  const long = records.find((r) => r.days === 5)!;
  expect([short.flowStatus, long.flowStatus]).toEqual(['running', 'running']);

  // 2 days: 科长 李娜 only, then 办结.
  expect(await pending(zhang, short.flowId)).toEqual([[KZ, ids.lina]]);
  await apiAs(lina, 'flow/act', { id: short.flowId, type: 'approve', opinion: '同意' });
  expect((await apiAs<Instance>(zhang, 'flow/info', { id: short.flowId })).status).toBe('finished');

  // 5 days: 科长, then 周明远 (分管领导) and 郑敏 (人事科) countersign; 办结 after both.
  expect(await pending(zhang, long.flowId)).toEqual([[KZ, ids.lina]]);
  await apiAs(lina, 'flow/act', { id: long.flowId, type: 'approve', opinion: '同意，请分管领导审批' });
  const countersign = [
    [FG, ids.zhou],
    [FG, ids.zheng],
  ].sort((a, b) => (a[1] as number) - (b[1] as number));
  expect(await pending(zhang, long.flowId)).toEqual(countersign);
  await apiAs(zhou, 'flow/act', { id: long.flowId, type: 'approve', opinion: '同意' });
  expect(await pending(zhang, long.flowId)).toEqual([[FG, ids.zheng]]);
  await apiAs(zheng, 'flow/act', { id: long.flowId, type: 'approve', opinion: '人事科已备案' });
  expect((await apiAs<Instance>(zhang, 'flow/info', { id: long.flowId })).status).toBe('finished');

  // The admin renames 请假事由 in the inspector and publishes (revision 3).
  await admin.goto(`form/new?id=${FORM}`);
  const reasonLabel = (text: string) =>
    admin
      .getByTestId('designer-canvas')
      .getByTestId(/^canvas-label-/)
      .filter({ hasText: new RegExp(`^\\* ${text}$`) });
  await reasonLabel('请假事由').click();
  const label = admin.getByTestId('inspector-label-zh');
  await expect(label).toHaveValue('请假事由');
  await label.fill('请假原因');
  await label.press('Enter');
  await expect(reasonLabel('请假原因')).toBeVisible();
  await publishForm(admin, '事由改为原因', 3);
  await zhang.goto(`form/add?id=${FORM}`);
  await expect(zhang.getByTestId(`form-page-${FORM}`).getByLabel('请假原因', { exact: true })).toBeVisible();

  // 版本记录: revisions 2 and 3 differ in exactly that label.
  await admin.goto('form/list');
  await admin.getByTestId(`form-revisions-${FORM}`).click();
  const drawer = admin.getByTestId('form-revisions');
  await drawer.getByRole('checkbox', { name: '第 2 版' }).check();
  await drawer.getByRole('checkbox', { name: '第 3 版' }).check();
  await drawer.getByTestId('form-rev-compare').click();
  const diff = drawer.getByTestId('form-rev-diff');
  await expect(diff).toContainText('第 2 版 → 第 3 版 的变化');
  await expect(diff.locator('.ant-list-item')).toHaveCount(1);
  await expect(diff.locator('.ant-list-item')).toHaveText('字段 请假原因: 标签 请假事由 → 请假原因');
  await keepScreenshot(admin, 'designer-diff');

  // 恢复 revision 2: published as revision 4; the form shows 请假事由 again.
  await drawer.getByTestId('form-rev-restore-2').click();
  await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(admin.locator('.ant-message')).toContainText('已恢复为新版本：第 4 版');
  await zhang.goto(`form/add?id=${FORM}`);
  const restored = zhang.getByTestId(`form-page-${FORM}`);
  await expect(restored.getByLabel('请假事由', { exact: true })).toBeVisible();
  await expect(restored.getByLabel('请假原因', { exact: true })).toHaveCount(0);
  await keepScreenshot(zhang, 'designer-restored');
});
