/**
 * 流程设置 (designer/flow/pages/FlowsetListPage, /flowset/list) as an administrator sees it: the flows with
 * their current version and a draft marker; 版本记录 lists the revisions with author and comment, ticking two
 * and comparing shows the server's diff sentences; 恢复 asks first and then publishes the old version anew;
 * an import the server refuses shows its message. The Flowset calls are mocked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { i18n } from '@app/i18n';

const calls = vi.hoisted(() => ({
  diff: [] as unknown[][],
  restore: [] as unknown[][],
  imported: [] as string[],
  importRefusal: null as string | null,
  drafts: 0,
}));

vi.mock('../../designer/flow/pages/api', () => ({
  flowsetApi: {
    list: async () => ({
      list: [
        {
          id: 'affair.default',
          title: { t: 'affair.flow.default', d: '事务审批' },
          version: 3,
          source: 'designer',
          createdAt: Date.UTC(2026, 10, 20, 2),
          entity: 'affair.affair',
          hasDraft: true,
        },
        {
          id: 'document.send',
          title: { t: 'document.flow.send', d: '发文审批' },
          version: 1,
          source: 'base',
          createdAt: Date.UTC(2026, 10, 1, 2),
          entity: 'document.send',
          hasDraft: false,
        },
      ],
      total: 2,
    }),
    draft: async () => {
      calls.drafts += 1;
      return null;
    },
    revisions: async (id: string) => ({
      id,
      current: 3,
      draft: null,
      list: [
        { version: 3, source: 'designer', author: '系统管理员', authorId: 1, comment: '改为会签', createdAt: Date.UTC(2026, 10, 20, 2) },
        { version: 2, source: 'designer', author: '系统管理员', authorId: 1, comment: '调整标签', createdAt: Date.UTC(2026, 10, 10, 2) },
        { version: 1, source: 'base', author: null, authorId: null, comment: null, createdAt: Date.UTC(2026, 10, 1, 2) },
      ],
    }),
    diff: async (id: string, from: number, to: number) => {
      calls.diff.push([id, from, to]);
      return {
        from,
        to,
        changes: [{ kind: 'changed', target: 'node', id: 'leader', label: '分管领导', property: 'mode', text: '节点 分管领导: 模式 或签 → 会签' }],
      };
    },
    restore: async (id: string, version: number) => {
      calls.restore.push([id, version]);
      return { id, version: 4, restoredFrom: version };
    },
    importFile: async (text: string) => {
      calls.imported.push(text);
      if (calls.importRefusal) throw new Error(calls.importRefusal);
      return { id: 'affair.default', version: 4 };
    },
    exportFile: async () => ({}),
    forms: async () => [],
  },
}));

const { FlowsetListPage } = await import('../../designer/flow/pages/FlowsetListPage');

afterEach(() => {
  cleanup();
  calls.diff = [];
  calls.restore = [];
  calls.imported = [];
  calls.importRefusal = null;
  calls.drafts = 0;
});

function setup() {
  void i18n.changeLanguage('zh-CN');
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <MemoryRouter initialEntries={['/flowset/list']}>
          <FlowsetListPage bundle={{} as never} />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

describe('流程设置 list', () => {
  it('lists the flows with their version and marks the one with a draft', async () => {
    setup();
    expect(await screen.findByText('事务审批')).toBeTruthy();
    expect(screen.getByText('发文审批')).toBeTruthy();
    expect(screen.getByText('v3')).toBeTruthy();
    expect(await screen.findByTestId('flowset-draft-affair.default')).toBeTruthy();
    expect(screen.queryByTestId('flowset-draft-document.send')).toBeNull();
    // The marker comes with the list (`hasDraft`), not from a Flowset/draft call per row.
    expect(calls.drafts).toBe(0);
  });

  it('shows the revisions and the diff between two picked versions as sentences', async () => {
    setup();
    fireEvent.click(await screen.findByTestId('flowset-revisions-affair.default'));
    const drawer = await screen.findByTestId('flowset-revisions');
    expect(await within(drawer).findByText('改为会签')).toBeTruthy();
    expect(within(drawer).getAllByText('系统管理员').length).toBe(2);
    const compare = within(drawer).getByTestId('rev-compare') as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    fireEvent.click(within(drawer).getByLabelText('v3'));
    fireEvent.click(within(drawer).getByLabelText('v1'));
    await waitFor(() => expect(compare.disabled).toBe(false));
    fireEvent.click(compare);
    expect(await within(drawer).findByText('节点 分管领导: 模式 或签 → 会签')).toBeTruthy();
    expect(calls.diff).toEqual([['affair.default', 1, 3]]);
  });

  it('restores an old revision as a new one only after confirming', async () => {
    setup();
    fireEvent.click(await screen.findByTestId('flowset-revisions-affair.default'));
    fireEvent.click(await screen.findByTestId('rev-restore-2'));
    expect(await screen.findByText(/将 v2 的内容发布为新版本/)).toBeTruthy();
    expect(calls.restore).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^确\s*定$/ }));
    await waitFor(() => expect(calls.restore).toEqual([['affair.default', 2]]));
    expect(await screen.findByText('已恢复为新版本 v4')).toBeTruthy();
  });

  it('shows the server refusing an import', async () => {
    calls.importRefusal = '文件格式版本 9 高于系统支持的 1';
    setup();
    await screen.findByText('事务审批');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([JSON.stringify({ $schema: 'oa:export/flow', schemaVersion: 9 })], 'x.flow.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('导入失败：文件格式版本 9 高于系统支持的 1')).toBeTruthy();
    expect(JSON.parse(calls.imported[0]).schemaVersion).toBe(9);
  });
});
