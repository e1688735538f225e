/**
 * DetailPage (engine/renderers/DetailPage.tsx): the record in the page's layout, read-only, and under it the
 * page's related lists — the named list page, embedded and filtered by this record's id (the department
 * detail of schemas/organization lists the department's members).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const calls = vi.hoisted(() => ({ list: [] as { group: string; body: Record<string, unknown> }[] }));

vi.mock('../../engine/data/api', () => ({
  loadPage: async (ref: { id: string }) => bundleOf(ref.id),
  resource: (group: string) => ({
    info: async (id: number) => ({
      id,
      version: 1,
      name: '办公室',
      short_name: '办',
      kind: 'dept',
      code: 'BGS',
      phone: '0571-8888',
      sort: 1,
      status: '1',
      _actions: [],
      _refs: { users: {}, depts: {} },
    }),
    list: async (body: Record<string, unknown>) => {
      calls.list.push({ group, body });
      return {
        list: [{ id: 7, realname: '周敏', username: 'zhoumin', status: '1', dept: 5, departments: [5], _actions: [] }],
        total: 1,
        refs: { users: {}, depts: { 5: '办公室' } },
      };
    },
  }),
  selector: { search: async () => ({ users: [], depts: [] }) },
}));

const { registerPageKind, pageKindComponent } = await import('../../engine/renderers/registry');
const { ListPage } = await import('../../engine/renderers/ListPage');
const { DetailPage } = await import('../../engine/renderers/DetailPage');
if (!pageKindComponent('list')) registerPageKind('list', ListPage);

afterEach(() => {
  cleanup();
  calls.list.length = 0;
});

describe('DetailPage', () => {
  it('shows the record read-only and, below it, its related list filtered by the record', async () => {
    renderWithUser(<DetailPage bundle={bundleOf('organization.department.detail')} recordId={5} />, userWith(['organization:user:view']));
    expect(await screen.findByText('办公室')).toBeTruthy();
    expect(screen.getByText('BGS')).toBeTruthy();
    const related = await screen.findByTestId('related-members');
    expect(within(related).getByText('本部门人员')).toBeTruthy();
    expect(await within(related).findByText('周敏')).toBeTruthy();
    await waitFor(() => expect(calls.list.length).toBeGreaterThan(0));
    expect(calls.list[0].group).toBe('Users');
    expect(calls.list[0].body.filters).toEqual({ dept: 5 });
    expect(calls.list[0].body.page).toBe('organization.user.list');
  });
});
