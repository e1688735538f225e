/**
 * The bell and the message centre in the browser (SPEC §4 "Reminders"): the bell lists the unread reminders, marks
 * a clicked one read and opens it, ignores all; the message centre lists, filters and deletes messages. The
 * channel and its start are ./reminders.test.tsx.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import '@app/i18n';
import './shellHost';

const posts: Array<{ url: string; data: any }> = [];
let answers: Record<string, (data: any) => unknown> = {};
vi.mock('@app/services/http', () => ({
  post: vi.fn(async (url: string, data: any = {}) => {
    posts.push({ url, data });
    const a = answers[url];
    if (!a) throw new Error(`unexpected call ${url}`);
    return a(data);
  }),
}));

describe('the bell', () => {
  afterEach(() => {
    cleanup();
    posts.length = 0;
  });

  it('loads the unread reminders on sign-in, marks a clicked one read and opens it, ignores all', async () => {
    const { appStore } = await import('@app/stores/store');
    const { userAtom } = await import('@app/stores/user');
    const { noticesAtom } = await import('@app/stores/notices');
    const { NoticeBell } = await import('@app/components/header/NoticeBell');
    const list = [
      { id: 3, title: '待办：请假申请', realname: '王主任', date: '2026-01-05 09:00', type: 1, affair_id: 9 },
      { id: 2, title: '新邮件', realname: '', date: '2026-01-05 08:00', type: 15, source_id: 4 },
    ];
    answers = {
      'Msg/list': () => ({ list, total: 2, unread: 2, last_id: 3, current: 1, pageSize: 10 }),
      'Msg/socket': () => ({ enabled: false, path: 'api/Msg/socket', uid: 5, keepalive: 50000, reconnect: 5000 }),
      'Msg/setRead': () => ({ read: 1, unread: 1 }),
      'Msg/ignore': () => ({ ignored: 1, unread: 0 }),
      'Msg/newMsg': () => ({ has_new: false, rate: 5000, last_id: 3, unread: 1, list: [] }),
    };
    appStore.set(userAtom, { id: 5, document_print: null } as never);
    render(
      <Provider store={appStore}>
        <MemoryRouter initialEntries={['/dashboard/console']}>
          <NoticeBell />
          <Routes>
            <Route path="/dashboard/console" element={<div data-testid="console-page" />} />
            <Route path="/affair/show-audit/:id" element={<div data-testid="affair-page" />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(posts.find((p) => p.url === 'Msg/list')?.data).toEqual({ is_read: 0, pageSize: 10 });
    expect(appStore.get(noticesAtom)).toMatchObject({ unread: 2, lastId: 3 });
    fireEvent.click(screen.getByTestId('notice-bell'));
    const items = await screen.findAllByTestId('notice-item');
    expect(items).toHaveLength(2);
    await act(async () => {
      fireEvent.click(items[0]);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(posts.find((p) => p.url === 'Msg/setRead')?.data).toEqual({ ids: [3] });
    expect(screen.getByTestId('affair-page')).toBeTruthy();
    expect(appStore.get(noticesAtom).list.map((r) => r.id)).toEqual([2]);
    expect(appStore.get(noticesAtom).unread).toBe(1);
    // ignore all
    fireEvent.click(screen.getByTestId('notice-bell'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('notice-ignore-all'));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(posts.some((p) => p.url === 'Msg/ignore')).toBe(true);
    expect(appStore.get(noticesAtom)).toMatchObject({ unread: 0, list: [] });
    // Signing out (the shell unmounts) empties the bell.
    cleanup();
    expect(appStore.get(noticesAtom)).toMatchObject({ unread: 0, list: [], lastId: 0 });
  });
});

describe('the message centre', () => {
  afterEach(() => {
    cleanup();
    posts.length = 0;
  });

  it('builds the list query from its filters', async () => {
    const { queryOf } = await import('@app/pages/message/MessagePage');
    expect(queryOf({ read: 'all', keyword: ' ', current: 1, pageSize: 20 })).toEqual({ current: 1, pageSize: 20 });
    expect(queryOf({ read: 'unread', type: 5, keyword: ' 请假 ', current: 2, pageSize: 10 })).toEqual({
      current: 2,
      pageSize: 10,
      is_read: 0,
      type: 5,
      keyword: '请假',
    });
    expect(queryOf({ read: 'read', keyword: '', current: 1, pageSize: 20 }).is_read).toBe(1);
  });

  it('lists the messages, filters unread and deletes one', async () => {
    const { appStore } = await import('@app/stores/store');
    const { default: MessagePage } = await import('@app/pages/message/MessagePage');
    let rows = [
      { id: 3, title: '待办：请假申请', realname: '王主任', date: '2026-01-05 09:00', type: 1, type_name: '待办提醒', is_read: 0, affair_id: 9 },
      { id: 2, title: '新邮件', realname: '', date: '2026-01-05 08:00', type: 15, type_name: '邮件提醒', is_read: 1, source_id: 4 },
    ];
    answers = {
      'Msg/list': (q) => {
        const list = q.is_read === 0 ? rows.filter((r) => !r.is_read) : rows;
        return { list, total: list.length, unread: rows.filter((r) => !r.is_read).length, last_id: 3, current: 1, pageSize: 20 };
      },
      'Msg/getTypes': () => [
        { type: 1, name: '待办提醒' },
        { type: 15, name: '邮件提醒' },
      ],
      'Msg/del': (q) => {
        rows = rows.filter((r) => !q.ids.includes(r.id));
        return { deleted: 1, unread: 1 };
      },
    };
    render(
      <Provider store={appStore}>
        <MemoryRouter>
          <MessagePage />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('待办：请假申请')).toBeTruthy();
    expect(screen.getByText('新邮件')).toBeTruthy();
    expect(screen.getByText('系统')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('未读', { selector: '.ant-segmented-item-label' }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(posts.filter((p) => p.url === 'Msg/list').at(-1)?.data).toEqual({ current: 1, pageSize: 20, is_read: 0 });
    expect(screen.queryByText('新邮件')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('message-delete')[0]);
      await new Promise((r) => setTimeout(r, 20));
    });
    await act(async () => {
      const ok = document.querySelector('.ant-popconfirm .ant-btn-primary');
      expect(ok).toBeTruthy();
      fireEvent.click(ok!);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(posts.find((p) => p.url === 'Msg/del')?.data).toEqual({ ids: [3] });
  });
});
