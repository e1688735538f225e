/**
 * 流程设计 (designer/flow/pages/FlowsetDesignPage, /flowset/add?id=) as an administrator uses it: the draft is
 * opened when there is one; 发布 of a flow with problems (an approve node without assignee rule) is refused
 * and the problems are listed, nothing is sent; a valid flow asks for a comment, saves the draft and publishes
 * it with that comment; a server refusal is shown. The Flowset and Template calls are mocked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { i18n } from '@app/i18n';
import type { FlowDef } from '../../engine/flow';
import { approve, flow } from './flow/helpers';

const calls = vi.hoisted(() => ({
  draft: null as unknown,
  info: null as unknown,
  saved: [] as unknown[],
  published: [] as unknown[][],
  publishRefusal: null as string | null,
  /** The area texts the entity's form page brings (key → text in the reader's language). */
  texts: {} as Record<string, string>,
}));

vi.mock('../../designer/flow/pages/api', () => ({
  flowsetApi: {
    draft: async () => calls.draft,
    info: async () => {
      if (!calls.info) throw new Error('unknown');
      return calls.info;
    },
    saveDraft: async (def: unknown) => {
      calls.saved.push(def);
      return { id: 'test.flow', updatedAt: Date.UTC(2026, 10, 25, 3) };
    },
    publish: async (id: string, comment: string) => {
      calls.published.push([id, comment]);
      if (calls.publishRefusal) throw new Error(calls.publishRefusal);
      return { id, version: 5 };
    },
    deleteDraft: async () => ({ deleted: 1 }),
    forms: async () => [{ id: 'test.form', title: '测试表单', entity: 'test.entity' }],
    fields: async () => [],
  },
}));
// The org pickers would ask the server; these tests do not open them.
vi.mock('../../engine/data/api', () => ({
  loadPage: async () => ({ texts: calls.texts, entity: { title: { t: 'test.entity', d: '测试' }, model: { type: 'object', properties: {} } } }),
  resource: () => ({ list: () => Promise.resolve({ list: [], total: 0 }) }),
  selector: {
    position: () => Promise.resolve([]),
    getlist: () => Promise.resolve({ users: {}, depts: {} }),
    search: () => Promise.resolve({ users: [], depts: [] }),
  },
}));

const { FlowsetDesignPage } = await import('../../designer/flow/pages/FlowsetDesignPage');

afterEach(() => {
  cleanup();
  calls.draft = null;
  calls.info = null;
  calls.saved = [];
  calls.published = [];
  calls.publishRefusal = null;
  calls.texts = {};
});

function setup() {
  void i18n.changeLanguage('zh-CN');
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <MemoryRouter initialEntries={['/flowset/add?id=test.flow']}>
          <FlowsetDesignPage bundle={{} as never} />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

const valid: FlowDef = flow([approve('leader', [7])], { entity: 'test.entity' });
const missingRule: FlowDef = flow([approve('leader', [])]);

describe('流程设计 page', () => {
  it('refuses to publish while the flow has problems and lists them', async () => {
    calls.info = { id: 'test.flow', version: 2, definition: missingRule };
    setup();
    expect(await screen.findByText('基于已发布版本 v2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('flowset-publish'));
    const refused = await screen.findByTestId('flowset-refused');
    expect(refused.textContent).toContain('修正后才能发布');
    expect(refused.textContent).toContain('未设置处理人');
    expect(screen.queryByTestId('flowset-publish-comment')).toBeNull();
    expect(calls.saved).toEqual([]);
    expect(calls.published).toEqual([]);
  });

  it('opens the draft and publishes it with the comment given', async () => {
    calls.info = { id: 'test.flow', version: 2, definition: missingRule };
    calls.draft = { id: 'test.flow', definition: valid, updatedAt: Date.UTC(2026, 10, 24, 3), authorId: 1 };
    setup();
    expect(await screen.findByText(/正在编辑草稿/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('flowset-publish'));
    const comment = await screen.findByTestId('flowset-publish-comment');
    fireEvent.change(comment, { target: { value: '增加分管领导审批' } });
    fireEvent.click(screen.getAllByRole('button', { name: /^发\s*布$/ }).at(-1)!);
    await waitFor(() => expect(calls.published).toEqual([['test.flow', '增加分管领导审批']]));
    // The draft was saved already and nothing changed: it is published as it is.
    expect(calls.saved).toEqual([]);
    expect(await screen.findByText('已发布为 v5')).toBeTruthy();
  });

  it('saves a published version as the draft before publishing, and shows a server refusal', async () => {
    calls.info = { id: 'test.flow', version: 2, definition: valid };
    calls.publishRefusal = '流程定义有误：/nodes/1 未知字段 days';
    setup();
    await screen.findByText('基于已发布版本 v2');
    fireEvent.click(screen.getByTestId('flowset-publish'));
    await screen.findByTestId('flowset-publish-comment');
    fireEvent.click(screen.getAllByRole('button', { name: /^发\s*布$/ }).at(-1)!);
    await waitFor(() => expect(calls.published.length).toBe(1));
    expect((calls.saved[0] as FlowDef).id).toBe('test.flow');
    expect((await screen.findByTestId('flowset-server-error')).textContent).toContain('发布被拒绝：流程定义有误：/nodes/1 未知字段 days');
  });

  it('shows titles as the area texts have them, and a renamed title everywhere by a key of its own', async () => {
    const key = valid.nodes[1].title.t;
    calls.texts = { [key]: '科长（区域文本）' };
    calls.info = { id: 'test.flow', version: 2, definition: valid };
    setup();
    const node = await screen.findByTestId('flowd-node-leader');
    await waitFor(() => expect(node.textContent).toContain('科长（区域文本）'));
    fireEvent.click(node);
    const title = (await screen.findByTestId('flowd-title')) as HTMLInputElement;
    expect(title.value).toBe('科长（区域文本）');
    fireEvent.change(title, { target: { value: '处长审批' } });
    fireEvent.keyDown(title, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // The area text of the old key no longer hides the new name.
    await waitFor(() => expect(screen.getByTestId('flowd-node-leader').textContent).toContain('处长审批'));
    fireEvent.click(screen.getByTestId('flowset-save-draft'));
    await waitFor(() => expect(calls.saved.length).toBe(1));
    const saved = (calls.saved[0] as FlowDef).nodes[1].title;
    expect(saved.d).toBe('处长审批');
    expect(saved.t).not.toBe(key);
  });
});
