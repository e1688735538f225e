/**
 * The custom tabs of 公文设置 (/document/gwsz, src/areas/document/client/pages/DocSettings) and 授权查询 (/document/authquery,
 * src/areas/document/client/pages/DocAuthQuery): the 通用设置 tab shows the stored values and saves the edited ones with the version read;
 * 操作设置 lists each step with its actions by name; 节点权限 shows a refusal in the tab; both point to the flow
 * designer. 授权查询 lists 委托人, 受托人 and the scope. The client API is mocked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import './testHost';
import type { ReactElement } from 'react';
import type { PageKindProps } from '../../engine/renderers/registry';

const calls = vi.hoisted(() => ({ submitted: [] as Record<string, unknown>[], version: 3, handleDays: 5, deny: false }));

vi.mock('../../src/areas/document/client/data/docSettings', () => ({
  docSettingsApi: {
    get: async () => ({
      version: calls.version,
      defaultSecretLevel: 0,
      handleDays: calls.handleDays,
      allowReceiptReturn: '1',
      autoRegister: '1',
      items: [
        { field: 'defaultSecretLevel', title: '默认密级', type: 'integer', value: 0, readOnly: false },
        { field: 'handleDays', title: '办理期限默认工作日', type: 'integer', value: calls.handleDays, readOnly: false },
        { field: 'allowReceiptReturn', title: '是否允许退回收文', type: 'flag', value: '1', readOnly: false },
        { field: 'autoRegister', title: '签收后自动登记', type: 'flag', value: '1', readOnly: true },
      ],
    }),
    submit: async (v: Record<string, unknown>) => {
      calls.submitted.push(v);
      calls.version += 1;
      calls.handleDays = v.handleDays as number;
      return {};
    },
    actions: async () => ({
      list: [
        {
          id: 'document.send:issue',
          defId: 'document.send',
          flowTitle: '发文',
          version: 1,
          nodeId: 'issue',
          step: '领导签发',
          nodeType: 'handle',
          actions: ['approve', 'return'],
          orderBy: 5,
        },
      ],
      total: 1,
    }),
    fieldPermissions: async () => {
      if (calls.deny) throw new Error('您没有该操作的权限');
      return { list: [], total: 0 };
    },
    authorizations: async () => [
      {
        id: 1,
        userId: 2,
        userName: '李娜',
        delegateId: 3,
        delegateName: '张伟',
        defId: 'document.send',
        start: Date.UTC(2026, 10, 20),
        end: Date.UTC(2026, 10, 30),
        remark: '出差',
      },
      {
        id: 2,
        userId: 2,
        userName: '李娜',
        delegateId: 4,
        delegateName: '王芳',
        defId: null,
        start: Date.UTC(2026, 10, 20),
        end: Date.UTC(2026, 10, 30),
        remark: null,
      },
    ],
  },
}));

const { DocActionSettings, DocFieldPermissions, DocGeneralSettings } = await import('../../src/areas/document/client/pages/DocSettings');
const { DocAuthQuery } = await import('../../src/areas/document/client/pages/DocAuthQuery');
const props = { bundle: { page: { id: 'document.gwsz', pageKind: 'custom', component: 'document.settings.general' } } } as unknown as PageKindProps;

const renderPage = (el: ReactElement) => render(<MemoryRouter>{el}</MemoryRouter>);

beforeEach(() => {
  calls.submitted = [];
  calls.version = 3;
  calls.handleDays = 5;
  calls.deny = false;
});
afterEach(cleanup);

describe('公文设置 (/document/gwsz)', () => {
  it('通用设置 shows the stored values and saves the edited ones with the version read', async () => {
    renderPage(<DocGeneralSettings {...props} />);
    const days = (await screen.findByTestId('docsettings-days')) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('5'));
    expect(screen.getByText('签收后自动登记')).toBeTruthy();
    expect((screen.getByTestId('docsettings-autoregister') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(days, { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('docsettings-return'));
    fireEvent.click(screen.getByTestId('docsettings-save'));
    await waitFor(() => expect(calls.submitted).toHaveLength(1));
    expect(calls.submitted[0]).toEqual({ version: 3, defaultSecretLevel: 0, handleDays: 8, allowReceiptReturn: '0' });
  });

  it('操作设置 lists each step with its actions by name and points to the flow designer', async () => {
    renderPage(<DocActionSettings {...props} />);
    const table = await screen.findByTestId('docsettings-actions');
    expect(await within(table).findByText('领导签发')).toBeTruthy();
    expect(within(table).getByText('同意')).toBeTruthy();
    expect(within(table).getByText('退回')).toBeTruthy();
    expect(screen.getByText('前往流程设计').closest('a')?.getAttribute('href')).toBe('/flowset/list');
  });

  it('节点权限 shows a refusal in the tab', async () => {
    calls.deny = true;
    renderPage(<DocFieldPermissions {...props} />);
    expect((await screen.findByTestId('docsettings-error')).textContent).toContain('您没有该操作的权限');
  });
});

describe('授权查询 (/document/authquery)', () => {
  it('lists who delegated to whom, for which document flow', async () => {
    renderPage(<DocAuthQuery {...props} />);
    expect(await screen.findByText('张伟')).toBeTruthy();
    expect(screen.getByText('王芳')).toBeTruthy();
    expect(screen.getByText('发文')).toBeTruthy();
    expect(screen.getByText('全部流程')).toBeTruthy();
  });
});
