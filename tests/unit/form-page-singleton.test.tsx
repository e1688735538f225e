/**
 * A singleton form (the page's `record`): 系统设置 (/setting/index) loads the stored settings record and saves
 * with edit, never add — the organisation's name, zone and session idle time shown are the stored ones.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { FormPage } from '../../engine/renderers/FormPage';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const calls = vi.hoisted(() => ({ info: [] as unknown[], edit: [] as unknown[], add: [] as unknown[] }));

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    info: async (id: unknown) => {
      calls.info.push(id);
      return {
        id: 1,
        version: 3,
        systemName: '市政府协同办公',
        smw: '0',
        passwordMaxAgeDays: 60,
        watermark: '0',
        sessionIdleMinutes: 15,
        timeZone: 'Asia/Urumqi',
      };
    },
    add: async (r: object) => {
      calls.add.push(r);
      return { id: 9, version: 1, ...r };
    },
    edit: async (r: object) => {
      calls.edit.push(r);
      return { ...r, version: 4 };
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

describe('a singleton form page', () => {
  it('系统设置 shows the stored record and saves it with edit', async () => {
    renderWithUser(<FormPage bundle={bundleOf('setting.system.form')} embedded />, userWith([]));
    await waitFor(() => expect((document.getElementById('root_systemName') as HTMLInputElement | null)?.value).toBe('市政府协同办公'));
    expect(calls.info).toEqual([1]);
    expect((document.getElementById('root_timeZone') as HTMLInputElement).value).toBe('Asia/Urumqi');
    expect((document.getElementById('root_sessionIdleMinutes') as HTMLInputElement).value).toBe('15');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.edit).toHaveLength(1));
    expect(calls.add).toHaveLength(0);
    expect(calls.edit[0]).toMatchObject({ id: 1, version: 3, systemName: '市政府协同办公', timeZone: 'Asia/Urumqi', sessionIdleMinutes: 15 });
  });
});
