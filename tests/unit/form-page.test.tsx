/** FormPage renders the receptions form with Chinese labels and save/cancel buttons, and stores what the user changed. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { FormPage } from '../../engine/renderers/FormPage';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const edits = vi.hoisted(() => [] as Record<string, unknown>[]);
const STORED = {
  id: 1,
  version: 3,
  title: '省财政厅调研座谈',
  guestUnit: '省财政厅',
  people: 4,
  visitDate: '2026-12-02',
  dept: 2,
  status: 'planned',
  place: '第一会议室',
  remark: '需准备汇报材料',
};

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    info: async () => ({ ...STORED, _refs: { users: {}, depts: { 2: '秘书科' } } }),
    add: async (r: object) => ({ id: 9, version: 1, ...r }),
    edit: async (r: Record<string, unknown>) => {
      edits.push(r);
      return { ...STORED, ...r, version: 4 };
    },
  }),
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

describe('FormPage', () => {
  afterEach(cleanup);

  it('shows the receptions form in Chinese', async () => {
    renderWithUser(<FormPage bundle={bundleOf('receptions.reception.form')} embedded />, userWith([]));
    expect(await screen.findByText('接待事由')).toBeTruthy();
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByTestId('form-save').textContent?.replace(/\s/g, '')).toBe('保存');
    // The attachments field is the upload widget, not rjsf's "missing items" error.
    expect(document.querySelector('.ant-upload input[type="file"]')).toBeTruthy();
    expect(screen.queryByText(/缺少列表项定义|Missing items definition/)).toBeNull();
  });

  it('clears a field the user emptied in a stored record (sent as null), leaving the others as they were', async () => {
    renderWithUser(<FormPage bundle={bundleOf('receptions.reception.form')} recordId={1} embedded />, userWith([]));
    const place = (await screen.findByDisplayValue('第一会议室')) as HTMLInputElement;
    fireEvent.change(place, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]).toMatchObject({ id: 1, version: 3, place: null, remark: '需准备汇报材料', title: '省财政厅调研座谈' });
  });
});
