/**
 * The generic list and form over a custom entity with `calls` and no `info` (engine/schema/entityCalls.ts): the
 * 发文字号 list of 公文设置 (schemas/document/pages/mark.list.page.json over `document.mark`) loads with
 * document/markList, and 编辑 opens the form on the row itself — no info call — then saves with document/editMark,
 * the row's id and version. The calls go to the test host (./testHost).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { MemoryRouter } from 'react-router-dom';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { installTestHost } from './testHost';
import '../../engine/renderers/index';

const { ListPage } = await import('../../engine/renderers/ListPage');

const row = {
  id: 7,
  name: '市政府文件',
  org_code: '京政发',
  unit_id: null,
  doc_kinds: [],
  start_seq: 1,
  sort: 0,
  status: 1,
  enabled: true,
  organ_mark: null,
  issuer_org: null,
  print_org: null,
  red_color: '#E60012',
  preview: '京政发〔2026〕1号',
  version: 3,
  _actions: ['edit', 'delete'],
};

afterEach(cleanup);

describe('a custom entity without an info call (发文字号)', () => {
  it('lists with its list call and edits the row it was opened from with its edit call', async () => {
    const host = installTestHost({
      call: async <T,>(api: string, body?: object) => {
        if (api === 'document/markList') return { list: [row], total: 1, refs: { users: {}, depts: {} } } as T;
        if (api === 'document/editMark') return { ...row, ...body, version: 4 } as T;
        if (api === 'Template/page') return bundleOf((body as { id: string }).id) as T;
        throw new Error(`unexpected ${api}`);
      },
    });
    renderWithUser(
      <MemoryRouter>
        <ListPage bundle={bundleOf('document.mark.list')} />
      </MemoryRouter>,
      userWith(['document:setting']),
    );
    expect(await screen.findByText('京政发〔2026〕1号')).toBeTruthy();
    expect(host.calls[0]).toMatchObject({ api: 'document/markList', body: { current: 1, pageSize: 50, page: 'document.mark.list' } });

    fireEvent.click(screen.getByTestId('row-action-act_edit'));
    const name = (await screen.findByDisplayValue('市政府文件')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '市政府办公厅文件' } });
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(host.calls.some((c) => c.api === 'document/editMark')).toBe(true));
    const edit = host.calls.find((c) => c.api === 'document/editMark')!.body as Record<string, unknown>;
    expect(edit).toMatchObject({ id: 7, version: 3, name: '市政府办公厅文件', org_code: '京政发', enabled: true });
    expect(edit).not.toHaveProperty('preview');
    // the list reloads after the save
    await waitFor(() =>
      expect(host.calls.map((c) => c.api).filter((a) => a.startsWith('document/'))).toEqual(['document/markList', 'document/editMark', 'document/markList']),
    );
  }, 30_000);
});
