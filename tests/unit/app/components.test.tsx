import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import '@app/i18n';
import { Exception } from '@app/pages/exception/Exception';
import { UnderConstruction } from '@app/pages/misc/UnderConstruction';
import { pageTitle } from '@app/router/RootRoute';
import { reserveDetailTab, shouldOpenInNewTab } from '@app/router/openDetail';
import { matchRoute, isTabRoute } from '@app/router/routeTable';
import { SHELL_SECTIONS } from '@shared/routes';
import { greetingKey, shortcutsOf } from '@app/pages/dashboard/consoleModel';
import { passwordLevel } from '@app/pages/personal/PasswordStrength';
import { reminderTarget } from '@app/components/header/reminderTarget';
import { Breadcrumbs } from '@app/components/header/Breadcrumbs';
import { Provider } from 'jotai';
import { appStore } from '@app/stores/store';
import { userAtom } from '@app/stores/user';
import { LOGIN_DEPARTMENT_KEY } from '@app/utils/loginBrand';
import type { UserInfo } from '@shared/types';
import Forbidden from '@app/pages/exception/Forbidden';
import { Logo } from '@app/components/header/Logo';

afterEach(cleanup);

describe('exception pages (SPEC §8)', () => {
  it('403 shows the text and goes home', () => {
    render(
      <MemoryRouter initialEntries={['/403']}>
        <Routes>
          <Route path="/403" element={<Exception code={403} />} />
          <Route path="/dashboard/console" element={<div data-testid="home" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('exception-403').textContent).toContain('抱歉，您无权访问此页面');
    fireEvent.click(screen.getByTestId('exception-home'));
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it('404 and 500 show their texts', () => {
    render(
      <MemoryRouter>
        <Exception code={404} />
        <Exception code={500} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('exception-404').textContent).toContain('您访问的页面不存在');
    expect(screen.getByTestId('exception-500').textContent).toContain('服务器报告错误');
  });
});

describe('under construction', () => {
  it('names the page and says it is not available, with no development details (path, work item)', () => {
    const node = SHELL_SECTIONS.find((s) => s.key === 'acl')!.children!.find((c) => c.key === 'acl.menu')!;
    render(
      <MemoryRouter initialEntries={['/acl/menu']}>
        <UnderConstruction node={node} />
      </MemoryRouter>,
    );
    const el = screen.getByTestId('under-construction');
    expect(el.textContent).toContain('资源管理');
    expect(el.textContent).toContain('暂未开放');
    expect(el.textContent).not.toContain('/acl/menu');
    expect(el.textContent).not.toMatch(/任务|issue/i);
  });

  it('names an area route (title from the area definitions) and its section', () => {
    const node = matchRoute('/car/apply')!;
    render(
      <MemoryRouter initialEntries={['/car/apply']}>
        <UnderConstruction node={node} />
      </MemoryRouter>,
    );
    const el = screen.getByTestId('under-construction');
    expect(el.textContent).toContain('用车申请');
    expect(el.textContent).toContain('车辆管理');
    expect(el.textContent).not.toContain('/car/apply');
  });
});

describe('breadcrumbs', () => {
  const trail = (path: string) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Breadcrumbs />
      </MemoryRouter>,
    );
    const text = [...screen.getByTestId('breadcrumb').querySelectorAll('.ant-breadcrumb-link')].map((e) => e.textContent);
    cleanup();
    return text;
  };

  it('names a section once when its only page has the same title, else section then page', () => {
    expect(trail('/receptions/index')).toEqual(['接待管理']);
    expect(trail('/document/dbgw')).toEqual(['公文管理', '待办公文']);
  });
});

describe('logo text (SPEC §1: department name + OA)', () => {
  const shown = (el: ReactElement) => {
    render(
      <Provider store={appStore}>
        <MemoryRouter>{el}</MemoryRouter>
      </Provider>,
    );
  };
  afterEach(() => {
    appStore.set(userAtom, null);
    localStorage.removeItem(LOGIN_DEPARTMENT_KEY);
    localStorage.removeItem('oa_logo_dept');
  });

  it('the shell and a standalone page say the same, whole (a long name takes the smaller size, not an ellipsis)', () => {
    appStore.set(userAtom, { id: 1, dept: '市政府办公室信息科' } as unknown as UserInfo);
    shown(
      <>
        <Logo />
        <Forbidden />
      </>,
    );
    expect(screen.getByTestId('logo-text').textContent).toBe('市政府办公室信息科OA');
    expect(screen.getByTestId('logo-text').className).toContain('oa-logo-long');
    expect(screen.getByTestId('blank-title').textContent).toBe('市政府办公室信息科OA');
  });

  it('before sign-in: the department of the login link, else the one last shown, else the system name', () => {
    shown(<Forbidden />);
    expect(screen.getByTestId('blank-title').textContent).toBe('协同办公平台');
    cleanup();
    appStore.set(userAtom, { id: 1, dept: '市政府办公室' } as unknown as UserInfo);
    shown(<Logo />);
    cleanup();
    appStore.set(userAtom, null);
    shown(<Forbidden />);
    expect(screen.getByTestId('blank-title').textContent).toBe('市政府办公室OA');
    cleanup();
    localStorage.setItem(LOGIN_DEPARTMENT_KEY, '市财政局');
    shown(<Forbidden />);
    expect(screen.getByTestId('blank-title').textContent).toBe('市财政局OA');
  });
});

describe('route helpers', () => {
  it('page titles carry the system name and the unread count', () => {
    expect(pageTitle('待办公文', '协同办公平台', 0)).toBe('待办公文 - 协同办公平台');
    expect(pageTitle('待办公文', '协同办公平台', 3)).toBe('(3) 待办公文 - 协同办公平台');
  });

  it('matches routes with parameters and knows which become tabs', () => {
    expect(matchRoute('/document/show-audit/12')?.key).toBe('document.show-audit');
    expect(matchRoute('/mail/inbox')?.key).toBe('mail.inbox');
    expect(matchRoute('/schedule/index/week')?.key).toBe('schedule.index');
    expect(matchRoute('/nope')).toBeUndefined();
    expect(isTabRoute(matchRoute('/document/dbgw'))).toBe(true);
    expect(isTabRoute(matchRoute('/log'))).toBe(true);
    expect(isTabRoute(matchRoute('/affair'))).toBe(false);
    expect(isTabRoute(matchRoute('/document/new'))).toBe(false);
    expect(isTabRoute(matchRoute('/refresh'))).toBe(false);
  });

  it('opens detail pages in a new browser tab only from list pages (SPEC §2.2)', () => {
    expect(shouldOpenInNewTab('/document/dbgw', '/document/show-audit/3')).toBe(true);
    expect(shouldOpenInNewTab('/document/dbgw', '/document/new')).toBe(true);
    expect(shouldOpenInNewTab('/login', '/document/show-audit/3')).toBe(false);
    expect(shouldOpenInNewTab('/document/show-audit/2', '/document/show-audit/3')).toBe(false);
    expect(shouldOpenInNewTab('/document/dbgw', '/document/ybgw')).toBe(false);
  });

  it('takes the tab at the click and sends it to the page once the call answered, or closes it on a refusal', () => {
    const tabs: { opener: unknown; location: { href: string }; closed: boolean; close(): void }[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      const tab = {
        opener: window as unknown,
        location: { href: 'about:blank' },
        closed: false,
        close() {
          this.closed = true;
        },
      };
      tabs.push(tab);
      return tab as unknown as Window;
    });
    try {
      const go = reserveDetailTab('/document/show/0', '/document/gwqs');
      expect(open).toHaveBeenCalledTimes(1);
      expect(tabs[0].opener).toBeNull();
      go('/document/show/42');
      expect(tabs[0].location.href).toMatch(/\/document\/show\/42$/);
      reserveDetailTab('/document/show/0', '/document/gwqs')(null);
      expect(tabs[1].closed).toBe(true);
      // from a detail page the target opens in the same tab: nothing reserved
      reserveDetailTab('/document/show/0', '/document/show-audit/2');
      expect(open).toHaveBeenCalledTimes(2);
    } finally {
      open.mockRestore();
    }
  });
});

describe('console and settings helpers', () => {
  it('greets by the hour', () => {
    expect([8, 12, 15, 20].map(greetingKey)).toEqual(['morning', 'noon', 'afternoon', 'evening']);
  });

  it('offers menu_my first, else allowed common pages', () => {
    const n = (path: string) => ({ id: 1, path, header: path, i18nKey: path, icon: null, auth: '', status: 1, children: [] });
    expect(shortcutsOf([], [n('/mail/send')]).map((s) => s.path)).toEqual(['/mail/send']);
    expect(shortcutsOf([n('/document/dbgw')], []).map((s) => s.path)).toEqual(['/document/dbgw', '/acl/setting']);
    // only pages that exist: mail is not built yet
    const exists = (p: string) => !p.startsWith('/mail');
    expect(shortcutsOf([n('/document/dbgw'), n('/mail/inbox')], [], 10, exists).map((s) => s.path)).toEqual(['/document/dbgw', '/acl/setting']);
    expect(shortcutsOf([], [n('/mail/send'), n('/document/ybgw')], 10, exists).map((s) => s.path)).toEqual(['/document/ybgw']);
  });

  it('rates password strength by the SPEC §5 rule', () => {
    expect(['', 'abc', 'abcdefgh1', 'Abcdefg1'].map(passwordLevel)).toEqual([0, 1, 2, 3]);
  });

  it('finds reminder targets (SPEC §4)', () => {
    expect(reminderTarget({ id: 1, title: 't', flow_id: 9 })).toBe('/document/show-audit/9');
    expect(reminderTarget({ id: 1, title: 't', flow_id: 9, open: '/flow/approval/9' })).toBe('/flow/approval/9');
    expect(reminderTarget({ id: 1, title: 't', affair_id: 4 })).toBe('/affair/show-audit/4');
    expect(reminderTarget({ id: 1, title: 't', source_id: 2, type: 15 })).toBe('/mail/inbox/2');
    expect(reminderTarget({ id: 1, title: 't' })).toBeUndefined();
  });
});
