/**
 * A form designed on /form/list and bound to a two-step flow, approved in the browser (the generic approval page
 * /flow/approval/:id): the admin's form 外出申请 and flow 外出审批 (科长, then 分管领导; title template "form name -
 * initiator") are seeded through the designer's calls to keep the run short (designer.spec.ts designs in the
 * browser); then in Chromium 张伟 starts it from 发起申请 (/flow/tree) and submits it; 李娜 opens it from 我的待办 and
 * approves; 周明远 opens it from the bell and approves; the instance is finished.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, ApprovalPageObject, DEMO_PASSWORD, LoginPage, ReceptionForm, keepScreenshot } from './pages.js';

const KEY = 'waichu';
const FORM = `custom.${KEY}.form`;
const ENTITY = `custom.${KEY}`;
const FLOW = `custom.${KEY}flow`;
const TITLE = '外出申请 - 张伟';
const REASON = `到市档案馆查阅资料${Date.now() % 100000}`;

const text = (key: string, d: string) => ({ t: `custom.${KEY}.${key}`, d });
const field = (f: string) => ({ id: `f_${f}`, type: 'field', field: f });
const form = (flow?: string) => ({
  page: { layout: ['phone', 'reason'].map(field), ...(flow ? { flow } : {}) },
  entity: {
    model: {
      type: 'object',
      required: ['phone', 'reason'],
      properties: {
        phone: { type: 'string', maxLength: 20, 'x-title': text('field.phone', '联系电话'), 'x-kind': 'text' },
        reason: { type: 'string', maxLength: 200, 'x-title': text('field.reason', '外出事由'), 'x-kind': 'text' },
      },
    },
  },
});
const FLOW_DEF = {
  $schema: '../../_meta/flow.schema.json',
  schemaVersion: 1,
  id: FLOW,
  kind: 'flow',
  title: { ...text('flow', '外出审批'), cel: 'form.title + " - " + initiator.name' },
  description: text('flow.description', '外出办事：科长审批后分管领导审批。'),
  entity: ENTITY,
  nodes: [
    { id: 'start', type: 'start', title: text('flow.start', '发起') },
    { id: 'kz', type: 'approve', title: text('flow.kz', '科长审批'), assignees: [{ kind: 'leader', level: 1, of: 'initiator' }] },
    { id: 'fg', type: 'approve', title: text('flow.fg', '分管领导审批'), assignees: [{ kind: 'leader', level: 2, of: 'initiator' }] },
    { id: 'end', type: 'end', title: text('flow.end', '办结') },
  ],
};

/** Signs in (the console can take a while on a busy machine: its first load is waited for longer than a step). */
async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).goto();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell')).toBeVisible({ timeout: 60_000 });
  return page;
}

test('a designed form bound to a flow is started from 发起申请 and approved from 待办 and from the bell', async ({ browser }) => {
  test.setTimeout(420_000);
  const admin = await signIn(browser, 'admin');
  await apiAs(admin, 'Template/add', { title: '外出申请', key: KEY });
  await apiAs(admin, 'Template/set', { id: FORM, definition: form(), comment: '首次发布' });
  await apiAs(admin, 'Flowset/saveJson', { json: JSON.stringify(FLOW_DEF) });
  await apiAs(admin, 'Template/set', { id: FORM, definition: form(FLOW), comment: '提交时启动外出审批' });

  // 张伟 starts it from 发起申请: the card opens the form in a new browser tab; he fills it and submits.
  const zhang = await signIn(browser, 'zhangwei');
  await zhang.goto('flow/tree');
  const card = zhang.getByTestId(`tree-card-${FLOW}`);
  await expect(card).toContainText('外出审批');
  await keepScreenshot(zhang, 'designed-flow-tree');
  const [fill] = await Promise.all([zhang.context().waitForEvent('page'), card.getByTestId(`tree-start-${FLOW}`).click()]);
  await fill.waitForLoadState();
  const scope = fill.getByTestId(`form-page-${FORM}`);
  await expect(scope).toBeVisible({ timeout: 30_000 });
  const filled = new ReceptionForm(fill, scope);
  await filled.fill('联系电话', '13800000000');
  await filled.fill('外出事由', REASON);
  await fill.getByTestId('form-submit-flow').click();
  await expect(fill.getByTestId('form-fill-done')).toBeVisible();

  // 李娜 (his 科长) opens it from 我的待办 — titled by the template, not by the phone number — and approves.
  const lina = await signIn(browser, 'lina');
  await lina.goto('flow/list');
  const row = lina.locator('.ant-table-row', { hasText: TITLE }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const [first] = await Promise.all([lina.context().waitForEvent('page'), row.getByTestId('worklist-open').click()]);
  await first.waitForLoadState();
  await expect(first).toHaveURL(/flow\/approval\/\d+/);
  const one = new ApprovalPageObject(first);
  await expect(one.status).toHaveText('办理中');
  await expect(one.field('外出事由')).toHaveValue(REASON);
  await keepScreenshot(first, 'designed-flow-approval');
  await one.act('approve', '同意，请周主任审批');

  // 周明远 (分管领导) opens it from the bell and approves: the flow is finished.
  const zhou = await signIn(browser, 'demo');
  await zhou.getByTestId('notice-bell').click();
  const reminder = zhou.getByTestId('notice-item').filter({ hasText: TITLE }).first();
  await expect(reminder).toBeVisible({ timeout: 30_000 });
  await reminder.click();
  await expect(zhou).toHaveURL(/flow\/approval\/\d+/);
  const two = new ApprovalPageObject(zhou);
  await expect(two.field('外出事由')).toHaveValue(REASON);
  await two.act('approve', '同意');
  await expect(two.status).toHaveText('已办结');
  await expect(two.log).toContainText('同意，请周主任审批');
  await keepScreenshot(zhou, 'designed-flow-finished');
});
