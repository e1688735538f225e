/**
 * Designer-made forms (DESIGN §4; src/server/api/Template/designedForms.ts, designedCalls.ts,
 * designedApi.ts): an administrator creates a 请假申请 form (type, start and end dates, days computed in working
 * days, reason, attachments) and publishes it; its table is created in the publish; staff fill it in through
 * the generic entity API (/api/custom_leave/…) with their own scope; a flow on the entity (科长, then 分管领导
 * when days > 3) routes the records as designed; a new field publishes and its column appears; a destructive
 * change is refused; delete only while unused. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTable } from '../../src/server/engine/introspect.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const FORM = 'custom.leave.form';
let t: TestApp;
let admin: Session;
let staff: Session;
let other: Session;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  other = sessionOf(await t.login('sunli'));
  for (const u of ['zhangwei', 'lina', 'sunli'])
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const text = (key: string, d: string) => ({ t: `custom.leave.${key}`, d });
const field = (f: string) => ({ id: `f_${f}`, type: 'field', field: f });

/** The 请假申请 as the designer sends it. */
function leaveForm() {
  return {
    page: {
      layout: [
        {
          id: 'main',
          type: 'section',
          title: text('section.main', '请假信息'),
          children: ['leaveType', 'startDate', 'endDate', 'days', 'reason', 'attachments'].map(field),
        },
      ],
      computed: [
        { id: 'daysComputed', field: 'days', expr: { cel: 'IF(startDate == "" || endDate == "" || endDate < startDate, 0, WORKDAYS(startDate, endDate))' } },
      ],
    },
    entity: {
      model: {
        type: 'object',
        required: ['leaveType', 'startDate', 'endDate', 'reason'],
        properties: {
          leaveType: { type: 'string', maxLength: 20, 'x-title': text('field.leaveType', '请假类型'), 'x-kind': 'dict', 'x-dict': 'custom_leave_leavetype' },
          startDate: { type: 'string', format: 'date', 'x-title': text('field.startDate', '开始日期'), 'x-kind': 'date' },
          endDate: { type: 'string', format: 'date', 'x-title': text('field.endDate', '结束日期'), 'x-kind': 'date' },
          days: { type: 'integer', minimum: 0, 'x-title': text('field.days', '请假天数'), 'x-kind': 'integer' },
          reason: { type: 'string', minLength: 1, maxLength: 200, 'x-title': text('field.reason', '请假事由'), 'x-kind': 'text' },
          attachments: { type: 'array', 'x-title': text('field.attachments', '附件'), 'x-kind': 'attachments' },
        },
      },
      titleField: 'reason',
    },
    // the options typed in the designer: a dictionary the form owns
    dicts: [
      {
        id: 'custom_leave_leavetype',
        title: { t: 'dict.custom_leave_leavetype.title', d: '请假类型' },
        items: [
          { value: 'shijia', label: { t: 'dict.custom_leave_leavetype.shijia', d: '事假' } },
          { value: 'bingjia', label: { t: 'dict.custom_leave_leavetype.bingjia', d: '病假' } },
          { value: 'nianjia', label: { t: 'dict.custom_leave_leavetype.nianjia', d: '年假' } },
        ],
      },
    ],
    texts: { 'en-US': { 'custom.leave.field.reason': 'Reason', 'dict.custom_leave_leavetype.shijia': 'Personal leave' } },
  };
}

const LEAVE_FLOW = {
  $schema: '../../_meta/flow.schema.json',
  schemaVersion: 1,
  id: 'custom.leave.flow',
  kind: 'flow',
  title: text('flow', '请假审批'),
  entity: 'custom.leave',
  nodes: [
    { id: 'start', type: 'start', title: text('flow.start', '发起') },
    { id: 'kz', type: 'approve', title: text('flow.kz', '科长审批'), assignees: [{ kind: 'leader', level: 1, of: 'initiator' }] },
    {
      id: 'days',
      type: 'branch',
      title: text('flow.days', '天数'),
      branches: [
        {
          id: 'long',
          title: text('flow.long', '三天以上'),
          condition: { cel: 'days > 3' },
          nodes: [{ id: 'fg', type: 'approve', title: text('flow.fg', '分管领导审批'), assignees: [{ kind: 'roles', roles: ['leader'] }], mode: 'any' }],
        },
        { id: 'short', title: text('flow.short', '其他'), default: true, nodes: [] },
      ],
    },
    { id: 'end', type: 'end', title: text('flow.end', '办结') },
  ],
};

const columns = async () => [...((await liveTable(t.database.db, t.database.dialect, 'custom_leave'))?.columns.keys() ?? [])];
const apply = async (startDate: string, endDate: string, who = staff) => {
  const r = await t.post('custom_leave/add', { leaveType: 'shijia', startDate, endDate, reason: `请假${startDate}` }, who);
  expect(r.code, r.msg).toBe(0);
  return r.data;
};

describe('designer-made forms', () => {
  it('only administrators create forms; the key comes from the title’s pinyin; an unused form can be deleted', async () => {
    expect((await t.post('Template/add', { title: '请假申请' }, staff)).msg).toBe('您没有该操作的权限');
    const made = await t.post('Template/add', { title: '请假申请' }, admin);
    expect(made.data).toMatchObject({
      id: 'custom.qingjiashenqing.form',
      key: 'qingjiashenqing',
      entity: 'custom.qingjiashenqing',
      group: 'custom_qingjiashenqing',
    });
    expect((await t.post('Template/add', { title: '请假申请' }, admin)).data.key).toBe('qingjiashenqing2');
    expect((await t.post('Template/add', { title: '请假', key: 'qingjiashenqing' }, admin)).msg).toBe('表单标识已被使用：qingjiashenqing');
    expect((await t.post('Template/add', { title: '' }, admin)).msg).toBe('请填写表单名称');
    const list = (await t.post('Template/list', {}, admin)).data as any[];
    expect(list.find((f) => f.id === 'custom.qingjiashenqing.form')).toMatchObject({ title: '请假申请', designed: true, status: 'draft' });
    expect(list.find((f) => f.id === 'receptions.reception.form')).toBeTruthy();
    for (const key of ['qingjiashenqing', 'qingjiashenqing2'])
      expect((await t.post('Template/delete', { id: `custom.${key}.form` }, admin)).data).toEqual({ id: `custom.${key}.form`, deleted: true });
    expect((await t.post('Template/list', {}, admin)).data.some((f: any) => f.id.startsWith('custom.'))).toBe(false);
    expect((await t.post('Template/delete', { id: 'receptions.reception.form' }, admin)).msg).toBe('只有设计器创建的表单可以删除：receptions.reception.form');

    // a published form nobody used: its table, API and permission codes go with it
    const note = (await t.post('Template/add', { title: '备忘', key: 'memo' }, admin)).data;
    const memo = {
      page: { layout: [field('content')] },
      entity: {
        model: {
          type: 'object',
          properties: { content: { type: 'string', maxLength: 100, 'x-title': { t: 'custom.memo.field.content', d: '内容' }, 'x-kind': 'text' } },
        },
      },
    };
    expect((await t.post('Template/set', { id: note.id, definition: memo }, admin)).code).toBe(0);
    expect((await t.post('custom_memo/list', {}, staff)).data.total).toBe(0);
    expect(await liveTable(t.database.db, t.database.dialect, 'custom_memo')).toBeTruthy();
    expect((await t.post('Template/delete', { id: note.id }, admin)).data).toEqual({ id: note.id, deleted: true });
    expect(await liveTable(t.database.db, t.database.dialect, 'custom_memo')).toBeNull();
    expect((await t.post('custom_memo/list', {}, staff)).status).toBe(404);
    expect(await t.database.db.selectFrom('role_permissions').select('code').where('code', 'like', 'custom:memo:%').execute()).toEqual([]);
  });

  it('checks the draft (lint, CEL) naming the problem, publishes it and creates its table', async () => {
    expect((await t.post('Template/add', { title: '请假申请', key: 'leave' }, admin)).data.id).toBe(FORM);
    const bad = leaveForm();
    bad.page.computed[0].expr.cel = 'WORKDAYS(startDay, endDate)';
    const refused = await t.post('Template/edit', { id: FORM, definition: JSON.stringify(bad) }, admin);
    expect(refused.code).toBe(-1);
    expect(refused.msg).toContain('/computed/0/expr');
    expect(refused.msg).toContain('startDay');
    expect((await t.post('Template/edit', { id: FORM, definition: { page: { layout: [] }, entity: { model: { properties: {} } } } }, admin)).msg).toBe(
      '表单至少需要一个字段',
    );

    const saved = await t.post('Template/edit', { id: FORM, definition: JSON.stringify(leaveForm()) }, admin);
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.definition.entity).toMatchObject({
      id: 'custom.leave',
      group: 'custom_leave',
      table: 'custom_leave',
      scope: 'own',
      permissions: { view: 'custom:leave:view', add: 'custom:leave:edit' },
    });
    // a draft is never applied: no table, no API, not in the registry
    expect(await columns()).toEqual([]);
    expect((await t.post('custom_leave/list', {}, staff)).status).toBe(404);
    expect((await t.post('Template/forminfo', { id: FORM }, staff)).msg).toBe(`定义不存在：${FORM}`);

    const pub = await t.post('Template/set', { id: FORM, comment: '首次发布' }, admin);
    expect(pub).toMatchObject({ code: 0, data: { id: FORM, revision: 1 } });
    expect(await columns()).toEqual(
      expect.arrayContaining(['id', 'created_by', 'leaveType', 'startDate', 'endDate', 'days', 'reason', 'attachments', 'flowStatus', 'flowId']),
    );
    const info = (await t.post('Template/forminfo', { id: FORM }, staff)).data;
    expect(info.schema.properties.reason.title).toBe('请假事由');
    const en = (await t.post('Template/page', { id: FORM }, staff, { headers: { 'x-lang': 'en-US' } })).data;
    expect(en.entity.model.properties.leaveType['x-dict']).toBe('custom_leave_leavetype');
    expect(en.dicts.find((d: any) => d.id === 'custom_leave_leavetype').items.map((i: any) => i.value)).toEqual(['shijia', 'bingjia', 'nianjia']);
    expect([en.texts['custom.leave.field.reason'], en.texts['dict.custom_leave_leavetype.shijia']]).toEqual(['Reason', 'Personal leave']);
    expect((await t.post('Template/list', {}, staff)).data.find((f: any) => f.id === FORM)).toMatchObject({
      title: '请假申请',
      entity: 'custom.leave',
      designed: true,
      status: 'published',
    });
    expect((await t.post('Template/revisions', { id: FORM }, admin)).data).toMatchObject({
      current: 1,
      draft: null,
      designed: true,
      list: [{ revision: 1, comment: '首次发布' }],
    });
    // the list page generated from it
    const cols = (await t.post('Template/getColumns', { id: 'custom.leave.list' }, staff)).data as any[];
    expect(cols.map((c) => [c.field, c.render, c.title])).toEqual([
      ['leaveType', 'dict', '请假类型'],
      ['startDate', 'date', '开始日期'],
      ['endDate', 'date', '结束日期'],
      ['days', 'text', '请假天数'],
      ['reason', 'link', '请假事由'],
      ['flowStatus', 'dict', '办理状态'],
    ]);
    // other unknown calls still answer 404 before any session check
    for (const path of ['custom_nothing/list', 'custom_leave/fly', 'Nothing/here']) expect([path, (await t.post(path, {})).status]).toEqual([path, 404]);
  });

  it('staff fill it in through the generic API: days computed in working days, own records only', async () => {
    expect((await t.post('custom_leave/list', {})).code).toBe(-99);
    const two = await apply('2026-04-01', '2026-04-02');
    expect(two).toMatchObject({ leaveType: 'shijia', days: 2, flowStatus: 'draft' });
    // 2026-04-03 (Fri) to 2026-04-07 (Tue) spans 清明 (Apr 4–6): two working days, whatever the client sends
    const r = await t.post('custom_leave/add', { leaveType: 'bingjia', startDate: '2026-04-03', endDate: '2026-04-07', days: 9, reason: '看病' }, staff);
    expect(r.data.days).toBe(2);
    expect((await t.post('custom_leave/add', { leaveType: 'lvyou', startDate: '2026-04-01', endDate: '2026-04-01', reason: 'x' }, staff)).msg).toBe(
      '请假类型的取值不正确',
    );
    expect((await t.post('custom_leave/add', { leaveType: 'shijia', startDate: '2026-04-01', endDate: '2026-04-01' }, staff)).msg).toContain('请假事由');

    const mine = (await t.post('custom_leave/list', {}, staff)).data;
    expect(mine.total).toBe(2);
    expect(mine.list.map((x: any) => x.reason).sort()).toEqual(['看病', '请假2026-04-01'].sort());
    // another department's staff: neither the list nor the record
    expect((await t.post('custom_leave/list', {}, other)).data.total).toBe(0);
    expect((await t.post('custom_leave/info', { id: two.id }, other)).msg).toBe('记录不存在或无权访问');
    expect((await t.post('custom_leave/edit', { id: two.id, version: two.version, reason: '改' }, other)).code).toBe(-1);
    const theirs = await apply('2026-04-01', '2026-04-01', other);
    expect((await t.post('custom_leave/list', {}, staff)).data.list.some((x: any) => x.id === theirs.id)).toBe(false);
  });

  it('a flow on the form routes its records as designed (科长, then 分管领导 over three days)', async () => {
    const saved = await t.post('Flowset/saveJson', { json: JSON.stringify(LEAVE_FLOW) }, admin);
    expect(saved.code, saved.msg).toBe(0);
    const short = await apply('2026-04-08', '2026-04-09');
    const long = await apply('2026-04-13', '2026-04-17');
    expect([short.days, long.days]).toEqual([2, 5]);

    const start = async (recordId: number) => {
      const r = await t.post('flow/start', { defId: 'custom.leave.flow', entity: 'custom.leave', recordId }, staff);
      expect(r.code, r.msg).toBe(0);
      return r.data;
    };
    const lina = sessionOf(await t.login('lina'));
    const pending = (v: any) => v.state.tasks.filter((x: any) => x.status === 'pending').map((x: any) => x.assignee);
    const approve = async (inst: number, who: Session) => {
      const r = await t.post('flow/act', { id: inst, type: 'approve', opinion: '同意' }, who);
      expect(r.code, r.msg).toBe(0);
      return r.data;
    };

    const s1 = await start(short.id);
    expect(s1.title).toBe('请假2026-04-08');
    expect(pending(s1)).toEqual([id.lina]);
    expect((await t.post('custom_leave/info', { id: short.id }, staff)).data.flowStatus).toBe('running');
    expect((await approve(s1.id, lina)).status).toBe('finished');
    expect((await t.post('custom_leave/info', { id: short.id }, staff)).data).toMatchObject({ flowStatus: 'finished', flowId: s1.id });

    const s2 = await start(long.id);
    const after = await approve(s2.id, lina);
    expect(after.status).toBe('running');
    const leaders = await t.database.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .select('ur.user_id')
      .where('r.code', '=', 'leader')
      .where('u.status', '=', 1)
      .execute();
    expect(pending(after).sort((a: number, b: number) => a - b)).toEqual(leaders.map((l) => l.user_id).sort((a, b) => a - b));
  });

  it('a new field publishes and its column appears; a destructive change is refused; a used form is not deleted', async () => {
    const form = leaveForm() as any;
    form.entity.model.properties.phone = { type: 'string', maxLength: 20, 'x-title': text('field.phone', '联系电话'), 'x-kind': 'text' };
    form.page.layout[0].children.push(field('phone'));
    // the form now starts the flow published in the flow designer (no file defines it)
    form.page.flow = 'custom.leave.flow';
    const pub = await t.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '加联系电话' }, admin);
    expect(pub).toMatchObject({ code: 0, data: { revision: 2 } });
    expect((await t.post('Template/page', { id: FORM }, staff)).data.page.flow).toBe('custom.leave.flow');
    const unknown = { ...form, page: { ...form.page, flow: 'custom.nowhere' } };
    expect((await t.post('Template/edit', { id: FORM, definition: JSON.stringify(unknown) }, admin)).msg).toContain('unknown flow "custom.nowhere"');
    expect(await columns()).toContain('phone');
    const r = await t.post(
      'custom_leave/add',
      { leaveType: 'nianjia', startDate: '2026-05-06', endDate: '2026-05-06', reason: '年假', phone: '13800000011' },
      staff,
    );
    expect(r.data).toMatchObject({ phone: '13800000011', days: 1 });
    expect((await t.post('custom_leave/list', {}, staff)).data.total).toBe(5);
    // records keep the revision they were created with
    const older = (await t.post('custom_leave/list', {}, staff)).data.list.find((x: any) => x.reason === '看病');
    const pinned = (await t.post('Template/recordform', { id: FORM, recordId: older.id }, staff)).data;
    expect([pinned.revision, 'phone' in pinned.schema.properties]).toEqual([1, false]);
    const current = (await t.post('Template/recordform', { id: FORM, recordId: r.data.id }, staff)).data;
    expect([current.revision, current.schema.properties.phone.title]).toEqual([2, '联系电话']);
    // export: the .xlsx for holders of the export code (部门负责人), -1 for staff
    expect((await t.post('custom_leave/export', {}, staff)).msg).toBe('您没有该操作的权限');
    const lina = sessionOf(await t.login('lina'));
    const xlsx = await t.app.inject({ method: 'POST', url: '/api/custom_leave/export', payload: {}, headers: { 'x-token': lina.token, 'x-uuid': lina.uuid } });
    expect([xlsx.statusCode, xlsx.headers['content-type']]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    const diff = (await t.post('Template/diff', { id: FORM, from: 1, to: 2 }, admin)).data.changes.map((c: any) => c.text);
    expect(diff.some((x: string) => x.includes('联系电话'))).toBe(true);

    const dropped = leaveForm() as any;
    delete dropped.entity.model.properties.attachments;
    dropped.page.layout[0].children = dropped.page.layout[0].children.filter((c: any) => c.field !== 'attachments');
    const refused = await t.post('Template/set', { id: FORM, definition: JSON.stringify(dropped) }, admin);
    expect(refused.code).toBe(-1);
    expect(refused.msg).toContain('已发布的表单只能新增字段');
    expect(refused.msg).toContain('删除字段 attachments');
    expect(refused.msg).toContain('删除字段 phone');
    const retyped = structuredClone(form);
    retyped.entity.model.properties.days = { type: 'string', maxLength: 10, 'x-title': text('field.days', '请假天数'), 'x-kind': 'text' };
    delete retyped.page.computed;
    expect((await t.post('Template/set', { id: FORM, definition: JSON.stringify(retyped) }, admin)).msg).toContain('字段 days 类型 integer → varchar(10)');
    expect((await t.post('Template/revisions', { id: FORM }, admin)).data.current).toBe(2);
    expect(await columns()).toEqual(expect.arrayContaining(['attachments', 'phone', 'days']));
    // restoring revision 1 would drop phone: refused as well
    expect((await t.post('Template/restore', { id: FORM, revision: 1 }, admin)).msg).toContain('删除字段 phone');

    const del = await t.post('Template/delete', { id: FORM }, admin);
    expect(del.code).toBe(-1);
    expect(del.msg).toMatch(/^表单已有 \d+ 条记录或流程使用，不能删除/);
    expect((await t.post('Template/delete', { id: FORM }, staff)).msg).toBe('您没有该操作的权限');
  });
});
