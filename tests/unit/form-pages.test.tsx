/**
 * The form pages (designer/form/pages) as an administrator uses them, with the server calls
 * (./api) mocked: 表单管理 lists the forms with their revision and draft marker, and the 版本记录 drawer shows
 * the diff of two ticked revisions as a sentence; 表单设计 refuses to publish while the design has problems
 * (nothing is sent) and publishes the compiled form (page, model, texts) with the comment given.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { i18n } from '@app/i18n';
import type { EntityModel, FormPageDef } from '../../engine/schema/types';
import { renderWithUser, userWith } from './list-fixture';
import { serverPinyin } from './designer-form-fixture';

const calls = vi.hoisted(() => ({
  revisions: {} as Record<string, unknown>,
  draft: null as unknown,
  definition: null as unknown,
  diffs: [] as unknown[][],
  published: [] as unknown[][],
  saved: [] as unknown[][],
}));

vi.mock('../../designer/form/pages/api', () => ({
  formsetApi: {
    list: async () => [
      { id: 'receptions.reception.form', title: '接待登记', entity: 'receptions.reception' },
      { id: 'custom.qingjia.form', title: '请假申请', entity: 'custom.qingjia', designed: true, status: 'published' },
    ],
    revisions: async (id: string) => calls.revisions[id],
    revision: async (id: string, revision: number) => ({ id, revision, definition: calls.definition }),
    draft: async () => calls.draft,
    bundle: async () => ({ dicts: [], texts: {} }),
    pageTextsIn: async () => ({}),
    diff: async (id: string, from: number, to: number) => {
      calls.diffs.push([id, from, to]);
      return {
        from,
        to,
        changes: [{ kind: 'changed', target: 'field', id: 'reason', label: '请假事由', property: 'label', before: '事由', after: '请假事由' }],
      };
    },
    saveDraft: async (id: string, def: unknown) => {
      calls.saved.push([id, def]);
      return { id, updatedAt: Date.UTC(2026, 10, 25, 2) };
    },
    publish: async (id: string, def: unknown, comment: string) => {
      calls.published.push([id, def, comment]);
      return { id, revision: 4 };
    },
    deleteDraft: async () => ({ deleted: 1 }),
    pinyin: async (text: string) => ({ pinyin: serverPinyin(text), first: '' }),
    flows: async () => ({ list: [], total: 0 }),
  },
}));
vi.mock('../../engine/data/api', () => ({
  resource: () => ({ info: async () => ({ id: 1, version: 1 }), add: async (r: object) => ({ id: 9, version: 1, ...r }), edit: async (r: object) => r }),
  selector: {
    search: async () => ({ users: [], depts: [] }),
    getlist: async () => ({ users: {}, depts: {} }),
    tree: async () => [],
    getrecent: async () => [],
  },
  files: { upload: async () => ({}), download: async () => ({}) },
  loadPage: async () => {
    throw new Error('no');
  },
}));

const { FormListPage } = await import('../../designer/form/pages/FormListPage');
const { FormDesignPage } = await import('../../designer/form/pages/FormDesignPage');

afterEach(() => {
  cleanup();
  calls.revisions = {};
  calls.draft = null;
  calls.definition = null;
  calls.diffs = [];
  calls.published = [];
  calls.saved = [];
});

const at = Date.UTC(2026, 10, 20, 2);
const row = (revision: number, comment: string | null) => ({
  revision,
  base: revision === 0,
  author: revision ? '系统管理员' : null,
  authorId: revision ? 1 : null,
  comment,
  createdAt: revision ? at + revision : null,
  restoredFrom: null,
});

function show(ui: React.ReactNode, path: string) {
  void i18n.changeLanguage('zh-CN');
  renderWithUser(
    <App>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </App>,
    userWith([]),
  );
}

const model: EntityModel = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', 'x-title': { t: 'custom.qingjia.field.reason', d: '请假事由' }, 'x-kind': 'text' } },
};
const page = (extra: FormPageDef['layout'] = []): FormPageDef =>
  ({
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: 'custom.qingjia.form',
    kind: 'page',
    pageKind: 'form',
    title: { t: 'custom.qingjia.page.form', d: '请假申请' },
    entity: 'custom.qingjia',
    layout: [{ id: 'f1', type: 'field', field: 'reason' }, ...extra],
  }) as FormPageDef;

describe('表单管理', () => {
  it('lists the forms with revision and draft, and shows the diff of two revisions as a sentence', async () => {
    calls.revisions = {
      'receptions.reception.form': { id: 'receptions.reception.form', current: 0, draft: null, list: [row(0, null)] },
      'custom.qingjia.form': {
        id: 'custom.qingjia.form',
        current: 2,
        draft: { updatedAt: at, authorId: 1 },
        list: [row(2, '改标签'), row(1, '首次发布')],
        designed: true,
      },
    };
    show(<FormListPage bundle={{} as never} />, '/form/list');
    expect(await screen.findByText('接待登记')).toBeTruthy();
    expect(screen.getByText('请假申请')).toBeTruthy();
    expect(await screen.findByTestId('form-draft-custom.qingjia.form')).toBeTruthy();
    expect(screen.queryByTestId('form-draft-receptions.reception.form')).toBeNull();
    expect(screen.getByText('第 2 版')).toBeTruthy();
    expect(screen.getByText('内置版本')).toBeTruthy();

    fireEvent.click(screen.getByTestId('form-revisions-custom.qingjia.form'));
    const drawer = await screen.findByTestId('form-revisions');
    expect(await within(drawer).findByText('改标签')).toBeTruthy();
    fireEvent.click(within(drawer).getByLabelText('第 2 版'));
    fireEvent.click(within(drawer).getByLabelText('第 1 版'));
    fireEvent.click(within(drawer).getByTestId('form-rev-compare'));
    const diff = await within(drawer).findByTestId('form-rev-diff');
    expect(calls.diffs).toEqual([['custom.qingjia.form', 1, 2]]);
    expect(diff.textContent).toContain('字段 请假事由: 标签 事由 → 请假事由');
  });
});

describe('表单设计', () => {
  it('refuses to publish while the design has problems and sends nothing', async () => {
    calls.revisions = { 'custom.qingjia.form': { id: 'custom.qingjia.form', current: 1, draft: null, list: [row(1, null)], designed: true } };
    const select = { type: 'string', 'x-title': { t: 'custom.qingjia.field.kind', d: '请假类型' }, 'x-kind': 'dict' };
    calls.definition = {
      page: page([{ id: 'f2', type: 'field', field: 'kind' }]),
      entity: { model: { ...model, properties: { ...model.properties, kind: select } } },
    };
    show(<FormDesignPage bundle={{} as never} />, '/form/new?id=custom.qingjia.form');
    expect(await screen.findByText('基于已发布的第 1 版')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-publish'));
    const refused = await screen.findByTestId('form-refused');
    expect(refused.textContent).toContain('修正后才能发布');
    expect(refused.textContent).toContain('未设置选项或数据字典');
    expect(screen.queryByTestId('form-publish-comment')).toBeNull();
    expect(calls.published).toEqual([]);
  });

  it('publishes the compiled form with the comment given', async () => {
    calls.revisions = {
      'custom.qingjia.form': { id: 'custom.qingjia.form', current: 1, draft: { updatedAt: at, authorId: 1 }, list: [row(1, null)], designed: true },
    };
    calls.draft = {
      id: 'custom.qingjia.form',
      definition: { page: page(), entity: { model }, texts: { 'en-US': { 'custom.qingjia.field.reason': 'Reason' } } },
      updatedAt: at,
      authorId: 1,
    };
    show(<FormDesignPage bundle={{} as never} />, '/form/new?id=custom.qingjia.form');
    expect(await screen.findByText(/正在编辑草稿/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-publish'));
    fireEvent.change(await screen.findByTestId('form-publish-comment'), { target: { value: '首次上线' } });
    fireEvent.click(screen.getAllByRole('button', { name: /^发\s*布$/ }).at(-1)!);
    await waitFor(() => expect(calls.published).toHaveLength(1));
    const [id, def, comment] = calls.published[0] as [
      string,
      { page: FormPageDef; entity: { model: EntityModel }; texts: Record<string, Record<string, string>> },
      string,
    ];
    expect(id).toBe('custom.qingjia.form');
    expect(comment).toBe('首次上线');
    expect(def.page.id).toBe('custom.qingjia.form');
    expect(def.page.layout).toEqual([{ id: 'f1', type: 'field', field: 'reason' }]);
    expect(Object.keys(def.entity.model.properties)).toEqual(['reason']);
    expect(def.texts['en-US']['custom.qingjia.field.reason']).toBe('Reason');
    expect(await screen.findByText('已发布为第 4 版')).toBeTruthy();
  });
});
