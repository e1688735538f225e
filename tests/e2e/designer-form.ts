/**
 * `admin` designs the 请假申请 form in the form designer ("What it must show"), as a person would:
 * a 分组 titled 请假信息 dragged onto the empty canvas, 下拉选择 and 日期 dragged into it with the mouse (dnd-kit's
 * pointer sensor: press, move in steps, release), the other fields added from the palette by keyboard (focus,
 * Enter: after the selected field, or — with nothing selected — at the end of the form's last section). Each
 * field gets its label, its English key (the pinyin key the label gives is edited: the flow's condition and the
 * list calls name the fields by key) and required in the inspector; 请假类型 its options 事假 / 病假 / 年假,
 * 请假事由 an English label, 请假天数 its formula in working days (type-checked as it is committed).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Field keys of the designed form, by label. */
export const LEAVE_KEYS = {
  请假类型: 'leaveType',
  开始日期: 'startDate',
  结束日期: 'endDate',
  请假天数: 'days',
  请假事由: 'reason',
  附件: 'attachments',
} as const;

/** The key each label's pinyin gives (Form/getpinyin), before the English key is typed over it. */
const PINYIN_KEYS: Record<keyof typeof LEAVE_KEYS, string> = {
  请假类型: 'qingjialeixing',
  开始日期: 'kaishiriqi',
  结束日期: 'jieshuriqi',
  请假天数: 'qingjiatianshu',
  请假事由: 'qingjiashiyou',
  附件: 'fujian',
};

/** The working days from 开始日期 to 结束日期, 0 while either is empty or the end comes first. */
export const DAYS_FORMULA = 'IF(startDate == "" || endDate == "" || endDate < startDate, 0, WORKDAYS(startDate, endDate))';

/** Centre of `box`, or a point 4 px above its bottom edge (`end`: the padding under a zone's last control). */
async function point(box: Locator, where: 'centre' | 'end'): Promise<{ x: number; y: number }> {
  await box.scrollIntoViewIfNeeded();
  const b = (await box.boundingBox())!;
  return { x: b.x + b.width / 2, y: where === 'end' ? b.y + b.height - 4 : b.y + b.height / 2 };
}

/**
 * Drags palette entry `kind` with the mouse onto canvas zone `zone` (its centre, or its end) and waits for
 * the new control to be selected; answers its node id.
 */
async function dragFromPalette(page: Page, kind: string, zone: Locator, where: 'centre' | 'end'): Promise<string> {
  const entry = page.getByTestId(`palette-${kind}`);
  const from = await point(entry, 'centre');
  const before = await selectedId(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 6, { steps: 3 }); // past the pointer sensor's 4 px activation
  const to = await point(zone, where);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x + 1, to.y, { steps: 2 }); // one more move over the target: the drop position settles
  await page.mouse.up();
  return waitSelectionChange(page, before);
}

/** Adds palette entry `kind` by keyboard (focus, Enter) and answers the new control's node id. */
async function addByKeyboard(page: Page, kind: string): Promise<string> {
  const before = await selectedId(page);
  await page.getByTestId(`palette-${kind}`).focus();
  await page.keyboard.press('Enter');
  return waitSelectionChange(page, before);
}

const selected = (page: Page) => page.getByTestId('designer-canvas').locator('[data-testid^="canvas-node-"][data-selected]');

async function selectedId(page: Page): Promise<string | null> {
  const node = selected(page);
  return (await node.count()) ? ((await node.getAttribute('data-testid')) ?? '').slice('canvas-node-'.length) : null;
}

async function waitSelectionChange(page: Page, before: string | null): Promise<string> {
  await expect.poll(() => selectedId(page)).not.toBe(before);
  const id = await selectedId(page);
  expect(id).toBeTruthy();
  return id!;
}

/** Types `value` into inspector input `testId` and commits it with Enter (or with a blur for a text area). */
async function commit(page: Page, testId: string, value: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill(value);
  if ((await input.evaluate((el) => el.tagName)) === 'TEXTAREA') await input.blur();
  else await input.press('Enter');
}

/** Labels the selected field `label` (zh-CN), sets its key to LEAVE_KEYS[label] and, when `required`, marks it required. */
async function describeField(page: Page, id: string, label: keyof typeof LEAVE_KEYS, required: boolean): Promise<void> {
  await commit(page, 'inspector-label-zh', label);
  await expect(page.getByTestId(`canvas-label-${id}`)).toHaveText(label);
  await expect(page.getByTestId('inspector-key')).toHaveValue(PINYIN_KEYS[label]);
  await commit(page, 'inspector-key', LEAVE_KEYS[label]);
  await expect(page.getByTestId('inspector-key')).toHaveValue(LEAVE_KEYS[label]);
  await expect(page.getByTestId(`canvas-node-${id}`)).toContainText(LEAVE_KEYS[label]);
  if (required) {
    await page.getByTestId('inspector-required').click();
    await expect(page.getByTestId(`canvas-label-${id}`)).toHaveText(`* ${label}`);
  }
}

/**
 * Designs 请假申请 on the open designer page of the new, empty form (/form/new?id=custom.qingjiashenqing.form,
 * showing 从左侧拖入控件) and leaves it with no problem listed, ready for 发布 (see the module comment).
 */
export async function designLeaveForm(page: Page): Promise<void> {
  const canvas = page.getByTestId('designer-canvas');
  await expect(canvas).toContainText('从左侧拖入控件');

  // 分组 dragged onto the empty form, titled 请假信息.
  const section = await dragFromPalette(page, 'section', page.getByTestId('canvas-zone-root'), 'centre');
  await commit(page, 'inspector-title-zh', '请假信息');
  await expect(page.getByTestId(`canvas-label-${section}`)).toHaveText('请假信息');
  const zone = page.getByTestId(`canvas-zone-${section}`);

  // 请假类型: 下拉选择 dragged into the section, with its options typed in the inspector.
  const type = await dragFromPalette(page, 'select', zone, 'centre');
  await expect(zone.getByTestId(`canvas-node-${type}`)).toBeVisible();
  await expect(page.getByTestId('designer-problems')).toContainText('未设置选项或数据字典');
  await describeField(page, type, '请假类型', true);
  await commit(page, 'inspector-options', '事假\n病假\n年假');
  await expect(page.getByTestId('designer-problems')).toHaveCount(0);

  // 开始日期 by keyboard (after the selected 请假类型), 结束日期 dragged to the end of the section.
  const start = await addByKeyboard(page, 'date');
  await describeField(page, start, '开始日期', true);
  const end = await dragFromPalette(page, 'date', zone, 'end');
  await describeField(page, end, '结束日期', true);

  // 请假天数 computed in working days; the formula is type-checked as it is committed.
  const days = await addByKeyboard(page, 'number');
  await describeField(page, days, '请假天数', false);
  await commit(page, 'inspector-computed', DAYS_FORMULA);
  await expect(page.getByTestId('inspector-computed')).toHaveValue(DAYS_FORMULA);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);

  // 请假事由 with an English label.
  const reason = await addByKeyboard(page, 'text');
  await describeField(page, reason, '请假事由', true);
  await commit(page, 'inspector-label-en', 'Reason');
  await expect(page.getByTestId('inspector-label-en')).toHaveValue('Reason');

  // 附件 by keyboard with nothing selected: it joins the end of the form's last section.
  await canvas.click({ position: { x: 4, y: 4 } });
  await expect(page.getByTestId('designer-inspector')).toContainText('选中画布上的控件以编辑属性');
  const files = await addByKeyboard(page, 'attachments');
  await expect(page.getByTestId(`canvas-label-${files}`)).toHaveText('附件');
  await describeField(page, files, '附件', false);

  // Everything in 请假信息, in order, and nothing left to fix before 发布.
  const order = await zone
    .locator(':scope > [data-testid^="canvas-node-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('canvas-node-'.length)));
  expect(order).toEqual([type, start, end, days, reason, files]);
  await expect(canvas.locator(':scope > [data-testid="canvas-zone-root"] > [data-testid^="canvas-node-"]')).toHaveCount(1);
  await expect(page.getByTestId('designer-problems')).toHaveCount(0);
}
