/**
 * Menu badge counts (SPEC §3 "Menu badge counts", §9 overflow 99): flow/badges is loaded after
 * sign-in and its counts show on the menu items of 待办公文, 待办事务… and, summed, on their section; 120 shows
 * as 99+; a reminder arriving (the bell's Msg/list answers a newer last_id) and the window regaining focus
 * load the counts again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import '@app/i18n';
import './shellHost';
import type { MenuNode, UserInfo } from '@shared/types';
import { appStore } from '@app/stores/store';
import { userAtom } from '@app/stores/user';
import { loadReminders } from '@app/stores/notices';
import { badgesAtom, menuBadgeCounts, startBadges } from '@app/stores/badges';
import { visibleMenu } from '@app/layouts/menuModel';
import { SideMenu } from '@app/layouts/SideMenu';
import { TopMenu } from '@app/layouts/TopMenu';

const posts: string[] = [];
let badges: Record<string, unknown> = {};
let lastId = 0;
vi.mock('@app/services/http', () => ({
  post: vi.fn(async (url: string) => {
    posts.push(url);
    if (url === 'flow/badges') return badges;
    if (url === 'Msg/list') return { list: [], total: 0, unread: 1, last_id: lastId, current: 1, pageSize: 10 };
    throw new Error(`unexpected call ${url}`);
  }),
}));

let seq = 0;
const node = (path: string, children: MenuNode[] = []): MenuNode => ({
  id: ++seq,
  path,
  header: path,
  i18nKey: path.slice(1).replace('/', '.'),
  icon: null,
  auth: '',
  status: 1,
  children,
});
const MENU: MenuNode[] = [
  node('/document', [node('/document/dbgw'), node('/document/ybgw'), node('/document/dfgw')]),
  node('/affair', [node('/affair/dbsw'), node('/affair/dfsw')]),
  node('/mail', [node('/mail/inbox')]),
];
const counts = (db: number, affairDb: number) => ({
  db: { count: db, all_count: db },
  df: { count: 2, all_count: 2 },
  cb: { count: 7, all_count: 7 },
  dbsw: { db: affairDb, wbdb: 0, dy: 1, wbdy: 0, df: 0, cb: 4 },
  mail: { sjwd: 0 },
});
const badgeText = (path: string) => screen.queryByTestId(`menu-badge-${path}`)?.textContent ?? null;
const flowCalls = () => posts.filter((p) => p === 'flow/badges').length;

let session: ReturnType<typeof startBadges> | null = null;
beforeEach(() => {
  posts.length = 0;
  lastId = 0;
  appStore.set(userAtom, { id: 7, realname: '李娜', menu: MENU, menu_my: [] } as unknown as UserInfo);
});
afterEach(() => {
  session?.stop();
  session = null;
  cleanup();
  appStore.set(userAtom, null);
});

function renderSide() {
  const entries = visibleMenu(MENU);
  return render(
    <Provider store={appStore}>
      <SideMenu entries={entries} openKeys={['/document', '/affair', '/mail']} collapsed={false} onNavigate={() => undefined} />
    </Provider>,
  );
}

describe('menu badge counts', () => {
  it('sums the visible items of a section and leaves out items the menu does not show or that count 0', () => {
    const m = menuBadgeCounts(counts(3, 5), MENU);
    // /document/gwdb (催办 7) is not in this menu: the section sums 待办 3 + 待发 2 only.
    expect(m).toEqual({ '/document/dbgw': 3, '/document/dfgw': 2, '/document': 5, '/affair/dbsw': 5, '/affair': 5 });
    expect(menuBadgeCounts(null, MENU)).toEqual({});
  });

  it('loads after sign-in and shows 120 as 99+ on 待办公文, the sum on its section', async () => {
    badges = counts(120, 3);
    session = startBadges();
    await waitFor(() => expect(appStore.get(badgesAtom)).not.toBeNull());
    expect(posts).toEqual(['flow/badges']);
    renderSide();
    expect(badgeText('/document/dbgw')).toBe('99+');
    expect(within(screen.getByTestId('menu-badge-/document/dbgw').parentElement!).getByTestId('menu-/document/dbgw')).toBeTruthy();
    expect(badgeText('/document/dfgw')).toBe('2');
    expect(badgeText('/document')).toBe('99+');
    expect(badgeText('/affair/dbsw')).toBe('3');
    expect(badgeText('/document/ybgw')).toBeNull();
    expect(badgeText('/mail/inbox')).toBeNull();
  });

  it('a reminder arriving loads the counts again; so does the window regaining focus', async () => {
    badges = counts(1, 0);
    session = startBadges();
    renderSide();
    await waitFor(() => expect(badgeText('/document/dbgw')).toBe('1'));
    expect(badgeText('/affair/dbsw')).toBeNull();
    // The bell's first load (reminders older than the page) does not load the counts a second time.
    lastId = 41;
    await act(() => loadReminders());
    expect(flowCalls()).toBe(1);
    // 张伟 submits an affair: the bell is told, loads Msg/list and sees a newer message.
    badges = counts(1, 1);
    lastId = 42;
    await act(() => loadReminders());
    await waitFor(() => expect(badgeText('/affair/dbsw')).toBe('1'));
    expect(flowCalls()).toBe(2);
    // The same list again (nothing new) does not reload the counts.
    await act(() => loadReminders());
    expect(flowCalls()).toBe(2);
    badges = counts(0, 1);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(badgeText('/document/dbgw')).toBeNull());
    expect(flowCalls()).toBe(3);
  });

  it('the top menu (layout mix) shows the section sums', async () => {
    badges = counts(4, 2);
    session = startBadges();
    await waitFor(() => expect(appStore.get(badgesAtom)).not.toBeNull());
    const sections = visibleMenu(MENU).map((e) => ({ ...e, children: [] }));
    render(
      <Provider store={appStore}>
        <TopMenu entries={sections} selectedKeys={[]} onSelect={() => undefined} />
      </Provider>,
    );
    expect(badgeText('/document')).toBe('6');
    expect(badgeText('/affair')).toBe('2');
  });
});
