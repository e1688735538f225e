/**
 * Semantic diff of form and flow revisions (engine/schema/diff.ts, diffFlow.ts), its sentences in zh-CN and
 * en-US (diffText.ts with src/app/locales/<lang>/revisions.json) and the overlay ops that rebuild a
 * designer's version over the base (diffOps.ts).
 */
import { describe, expect, it } from 'vitest';
import { diffForm, type FormSnapshot } from '../../engine/schema/diff';
import { diffFlow } from '../../engine/schema/diffFlow';
import { renderChange, type DiffTranslate } from '../../engine/schema/diffText';
import { overlayOps } from '../../engine/schema/diffOps';
import { applyOverlay } from '../../engine/schema/overlay';
import { canonicalJson } from '../../engine/schema/hash';
import type { FlowDef } from '../../engine/flow/types';
import zh from '../../src/app/locales/zh-CN/revisions.json';
import en from '../../src/app/locales/en-US/revisions.json';

const translator =
  (cat: unknown): DiffTranslate =>
  (key, params = {}) => {
    const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], cat);
    if (typeof text !== 'string') throw new Error(`missing key ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, n: string) => params[n] ?? '');
  };
const tZh = translator(zh);
const tEn = translator(en);

const leaveForm = (): FormSnapshot => ({
  page: {
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: 'hr.leave.form',
    kind: 'page',
    pageKind: 'form',
    title: { t: 'hr.leave.form', d: '请假申请' },
    entity: 'hr.leave',
    layout: [
      {
        id: 'main',
        type: 'section',
        title: { t: 'hr.leave.main', d: '基本信息' },
        children: [
          { id: 'f_type', type: 'field', field: 'type' },
          { id: 'f_days', type: 'field', field: 'days' },
          { id: 'f_reason', type: 'field', field: 'reason' },
        ],
      },
      { id: 'other', type: 'section', title: { t: 'hr.leave.other', d: '其他' }, children: [{ id: 'f_note', type: 'field', field: 'note' }] },
    ],
    rules: [{ id: 'r1', when: { cel: 'days > 3' }, field: 'note', effect: 'required' }],
  },
  entity: {
    id: 'hr.leave',
    model: {
      type: 'object',
      required: ['type', 'days'],
      properties: {
        type: { type: 'string', 'x-title': { t: 'hr.leave.type', d: '类型' }, 'x-kind': 'dict', 'x-dict': 'leave_type' },
        days: { type: 'number', minimum: 0.5, 'x-title': { t: 'hr.leave.days', d: '天数' }, 'x-kind': 'number' },
        reason: { type: 'string', maxLength: 200, 'x-title': { t: 'hr.leave.reason', d: '事由' }, 'x-kind': 'textarea' },
        note: { type: 'string', 'x-title': { t: 'hr.leave.note', d: '备注' }, 'x-kind': 'text' },
      },
    },
  },
});

const flow = (): FlowDef => ({
  $schema: '../../_meta/flow.schema.json',
  schemaVersion: 1,
  id: 'hr.leave',
  kind: 'flow',
  title: { t: 'hr.leave.flow', d: '请假' },
  nodes: [
    { id: 'start', type: 'start', title: { t: 'f.start', d: '发起' } },
    {
      id: 'kz',
      type: 'approve',
      title: { t: 'f.kz', d: '科长' },
      assignees: [{ kind: 'leader', level: 1, of: 'initiator' }],
      fieldPermissions: { reason: 'R' },
    },
    {
      id: 'days',
      type: 'branch',
      title: { t: 'f.days', d: '天数' },
      branches: [
        {
          id: 'long',
          title: { t: 'f.long', d: '三天以上' },
          condition: { cel: 'days > 3' },
          nodes: [{ id: 'fg', type: 'approve', title: { t: 'f.fg', d: '分管领导' }, assignees: [{ kind: 'roles', roles: ['leader'] }] }],
        },
        { id: 'short', title: { t: 'f.short', d: '其他' }, default: true, nodes: [] },
      ],
    },
    { id: 'end', type: 'end', title: { t: 'f.end', d: '结束' } },
  ],
});

describe('diffForm', () => {
  it('finds exactly a label change and says it as 字段 <label>: 标签 before → after', () => {
    const a = leaveForm();
    const b = leaveForm();
    b.entity!.model.properties.reason['x-title'] = { t: 'hr.leave.reason', d: '请假事由' };
    const changes = diffForm(a, b);
    expect(changes).toEqual([{ kind: 'changed', target: 'field', id: 'reason', label: '请假事由', property: 'label', before: '事由', after: '请假事由' }]);
    expect(renderChange(changes[0], tZh)).toBe('字段 请假事由: 标签 事由 → 请假事由');
    expect(renderChange(changes[0], tEn)).toBe('Field 请假事由: label 事由 → 请假事由');
    expect(diffForm(a, leaveForm())).toEqual([]);
  });

  it('says a field that now defaults to the signed-in user’s department in words', () => {
    const a = leaveForm();
    const b = leaveForm();
    b.entity!.model.properties.reason['x-default-from'] = 'dept';
    const changes = diffForm(a, b);
    expect(changes.map((c) => c.property)).toEqual(['defaultFrom']);
    expect(renderChange(changes[0], tZh)).toBe('字段 事由: 默认取值 无 → 当前部门');
  });

  it('compares a field’s dictionary item by item when both revisions know it, and says the items changed', () => {
    const dict = (id: string, items: [string, string][]) => ({
      $schema: '../../_meta/dict.schema.json',
      schemaVersion: 1,
      id,
      kind: 'dict' as const,
      title: { t: `dict.${id}.title`, d: '类型' },
      items: items.map(([value, d]) => ({ value, label: { t: `dict.${id}.${value}`, d } })),
    });
    const a = {
      ...leaveForm(),
      dicts: [
        dict('leave_type', [
          ['annual', '年假'],
          ['sick', '病假'],
          ['personal', '事假'],
        ]),
      ],
    };
    const b = leaveForm();
    b.entity!.model.properties.type['x-dict'] = 'hr_leave_type';
    const own = {
      ...b,
      dicts: [
        dict('hr_leave_type', [
          ['annual', '年休假'],
          ['sick', '病假'],
          ['marriage', '婚假'],
        ]),
      ],
    };
    const changes = diffForm(a, own);
    expect(changes).toEqual([
      {
        kind: 'changed',
        target: 'field',
        id: 'type',
        label: '类型',
        property: 'optionItems',
        before: [
          { value: 'annual', label: '年假' },
          { value: 'sick', label: '病假' },
          { value: 'personal', label: '事假' },
        ],
        after: [
          { value: 'annual', label: '年休假' },
          { value: 'sick', label: '病假' },
          { value: 'marriage', label: '婚假' },
        ],
      },
    ]);
    expect(renderChange(changes[0], tZh)).toBe('字段 类型: 选项 新增 婚假；删除 事假；年假 改为 年休假');
    expect(renderChange(changes[0], tEn)).toBe('Field 类型: options added 婚假; removed 事假; 年假 renamed to 年休假');
    const reordered = {
      ...b,
      dicts: [
        dict('hr_leave_type', [
          ['sick', '病假'],
          ['annual', '年假'],
          ['personal', '事假'],
        ]),
      ],
    };
    expect(diffForm(a, reordered).map((c) => renderChange(c, tZh))).toEqual(['字段 类型: 选项 顺序调整']);
    // the same items under a new code: the code change; a side without the dictionary: the code as before
    const copy = {
      ...b,
      dicts: [
        dict('hr_leave_type', [
          ['annual', '年假'],
          ['sick', '病假'],
          ['personal', '事假'],
        ]),
      ],
    };
    expect(diffForm(a, copy).map((c) => renderChange(c, tZh))).toEqual(['字段 类型: 选项 字典 leave_type → 字典 hr_leave_type']);
    expect(diffForm(a, b).map((c) => renderChange(c, tZh))).toEqual(['字段 类型: 选项 字典 leave_type → 字典 hr_leave_type']);
  });

  it('reports required, default, options, validation and widget changes, fields added and removed, moves and rules', () => {
    const a = leaveForm();
    const b = leaveForm();
    const m = b.entity!.model;
    m.required = ['type', 'days', 'reason'];
    m.properties.reason.maxLength = 500;
    m.properties.days.default = 1;
    m.properties.type['x-dict'] = 'leave_kind';
    delete m.properties.note;
    m.properties.phone = { type: 'string', 'x-title': { t: 'hr.leave.phone', d: '联系电话' } };
    const main = b.page.layout[0] as { children: { id: string; type: string; field: string; widget?: string }[] };
    main.children = [main.children[2], main.children[0], main.children[1], { id: 'f_phone', type: 'field', field: 'phone' }];
    main.children[0].widget = 'richtext';
    b.page.layout[1] = { id: 'other', type: 'section', title: { t: 'hr.leave.other', d: '其他' }, children: [] };
    b.page.rules = [{ id: 'r1', when: { cel: 'days > 5' }, field: 'reason', effect: 'required' }];
    const changes = diffForm(a, b);
    const text = changes.map((c) => renderChange(c, tZh));
    expect(text).toEqual(
      expect.arrayContaining([
        '删除字段 备注',
        '新增字段 联系电话',
        '字段 事由: 必填 否 → 是',
        '字段 事由: 最大长度 200 → 500',
        '字段 天数: 默认值 无 → 1',
        '字段 类型: 选项 字典 leave_type → 字典 leave_kind',
        '字段 事由: 控件 无 → richtext',
        '字段 事由: 顺序调整',
        '规则 事由: 条件 days > 3 → days > 5',
        '规则 事由: 字段 note → reason',
      ]),
    );
    expect(text).toHaveLength(10);
    // one move (reason to the top), not three; the removed field's layout node is not told twice
    expect(changes.filter((c) => c.kind === 'moved').map((c) => c.id)).toEqual(['reason']);
    expect(changes.filter((c) => c.id === 'note' || c.id === 'f_note')).toHaveLength(1);
  });
});

describe('diffFlow', () => {
  it('finds a mode change of a nested node: 节点 分管领导: 模式 或签 → 会签', () => {
    const b = flow();
    const fg = (b.nodes[2] as { branches: { nodes: { mode?: string }[] }[] }).branches[0].nodes[0];
    fg.mode = 'all';
    const changes = diffFlow(flow(), b);
    expect(changes.map((c) => renderChange(c, tZh))).toEqual(['节点 分管领导: 模式 或签 → 会签']);
    expect(renderChange(changes[0], tEn)).toBe('Node 分管领导: mode any one approves → all must approve');
  });

  it('reports nodes added and removed, titles, assignees, deadline, field permissions, branch condition and priority', () => {
    const b = flow();
    const kz = b.nodes[1] as { title: { t: string; d: string }; assignees: unknown[]; deadline?: unknown; fieldPermissions?: Record<string, string> };
    kz.title = { t: 'f.kz', d: '科长审批' };
    kz.assignees = [{ kind: 'roles', roles: ['kz'] }];
    kz.deadline = { workdays: 2 };
    kz.fieldPermissions = { reason: 'W' };
    const branch = b.nodes[2] as { branches: { id: string; condition?: { cel: string }; nodes: unknown[] }[] };
    branch.branches[0].condition = { cel: 'days >= 3' };
    branch.branches[0].nodes.push({ id: 'rs', type: 'approve', title: { t: 'f.rs', d: '人事科' }, assignees: [{ kind: 'roles', roles: ['hr'] }] });
    branch.branches.reverse();
    const text = diffFlow(flow(), b).map((c) => renderChange(c, tZh));
    expect(text).toEqual(
      expect.arrayContaining([
        '节点 科长审批: 标题 科长 → 科长审批',
        '节点 科长审批: 审批人 第1级领导 → 角色 kz',
        '节点 科长审批: 办理时限 无 → 2个工作日',
        '节点 科长审批: 字段权限 reason 只读 → 可写',
        '新增节点 人事科',
        '分支 三天以上: 条件 days > 3 → days >= 3',
        '分支 三天以上: 优先级 1 → 2',
        '分支 其他: 优先级 2 → 1',
      ]),
    );
    expect(text).toHaveLength(8);
    const removed = flow();
    removed.nodes.splice(1, 1);
    expect(diffFlow(flow(), removed).map((c) => renderChange(c, tZh))).toEqual(['删除节点 科长']);
  });

  it('tells a node moved into a branch once, with where it was and where it is', () => {
    const b = flow();
    const [kz] = b.nodes.splice(1, 1);
    (b.nodes[1] as { branches: { nodes: unknown[] }[] }).branches[1].nodes.push(kz);
    const changes = diffFlow(flow(), b);
    expect(changes).toEqual([{ kind: 'moved', target: 'node', id: 'kz', label: '科长', before: null, after: 'short' }]);
    expect(renderChange(changes[0], tZh)).toBe('节点 科长: 位置 顶层 → short');
  });
});

describe('overlayOps', () => {
  const roundTrip = (a: unknown, b: unknown) => {
    const ops = overlayOps(a, b);
    const r = applyOverlay(a, { target: (a as { id: string }).id, baseHash: '', ops });
    expect(r.conflicts).toEqual([]);
    expect(canonicalJson(r.def)).toBe(canonicalJson(b));
    return ops;
  };

  it('addresses nodes by id: a label is one set, a field moved to another section one move, a new node one insert', () => {
    const a = leaveForm().page;
    const b = leaveForm().page;
    (b.title as { d: string }).d = '休假申请';
    const main = b.layout[0] as { children: { id: string }[] };
    const other = b.layout[1] as { children: { id: string }[] };
    other.children.push(main.children.splice(2, 1)[0]);
    main.children.push({ id: 'f_phone', type: 'field', field: 'phone' } as never);
    const ops = roundTrip(a, b);
    expect(ops).toEqual(
      expect.arrayContaining([
        { op: 'set', node: 'hr.leave.form', path: '/title/d', value: '休假申请' },
        { op: 'move', node: 'f_reason', parent: 'other', list: 'children', after: 'f_note' },
        { op: 'insert', parent: 'main', list: 'children', after: 'f_days', value: { id: 'f_phone', type: 'field', field: 'phone' } },
      ]),
    );
    expect(ops).toHaveLength(3);
    expect(overlayOps(a, leaveForm().page)).toEqual([]);
  });

  it('rebuilds models, removals, reorders and unset properties exactly', () => {
    const a = leaveForm();
    const b = leaveForm();
    delete b.entity!.model.properties.note;
    b.entity!.model.required = ['days'];
    delete b.page.rules;
    (b.page.layout[0] as { children: unknown[] }).children.reverse();
    b.page.layout.splice(1, 1);
    roundTrip({ id: 'hr.leave', ...a.entity }, { id: 'hr.leave', ...b.entity });
    const ops = roundTrip(a.page, b.page);
    expect(ops).toContainEqual({ op: 'remove', node: 'other' });
    expect(ops).toContainEqual({ op: 'unset', node: 'hr.leave.form', path: '/rules' });
  });
});
