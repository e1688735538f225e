/** FormPage renders the receptions form with Chinese labels and save/cancel buttons. */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import '@app/i18n';
import { FormPage } from '../../engine/renderers/FormPage';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    info: async () => ({ id: 1, version: 1, title: 'x' }),
    add: async (r: object) => ({ id: 9, version: 1, ...r }),
    edit: async (r: object) => r,
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
  it('shows the receptions form in Chinese', async () => {
    renderWithUser(<FormPage bundle={bundleOf('receptions.reception.form')} embedded />, userWith([]));
    expect(await screen.findByText('接待事由')).toBeTruthy();
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByTestId('form-save').textContent?.replace(/\s/g, '')).toBe('保存');
    // The attachments field is the upload widget, not rjsf's "missing items" error.
    expect(document.querySelector('.ant-upload input[type="file"]')).toBeTruthy();
    expect(screen.queryByText(/缺少列表项定义|Missing items definition/)).toBeNull();
  });
});
