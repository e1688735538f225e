import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@shared/types';
import { guardDecision, loginRedirect, type GuardUser } from '@app/router/guard';

let id = 0;
const node = (path: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: ++id,
  path,
  header: path,
  i18nKey: path.slice(1).replace('/', '.'),
  icon: null,
  auth: '',
  status: 1,
  children,
  ...extra,
});

const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  is_admin: false,
  menu: [
    node('/dashboard', [node('/dashboard/console'), node('/dashboard/search', [], { auth: 'hidden' })]),
    node('/document', [node('/document/dbgw'), node('/document/show-audit', [], { auth: 'hidden' })]),
    node('/stamp', [node('/stamp/list')]),
    node('/codes', [node('/codes/index')]),
  ],
  menu_my: [node('/mail/inbox')],
  ...over,
});

describe('route guard (SPEC §2.1, §5, §8)', () => {
  it('sends a visitor without a token to login with a redirect', () => {
    expect(guardDecision({ pathname: '/document/dbgw', search: '?a=1' })).toEqual({
      kind: 'login',
      to: `/login?redirect=${encodeURIComponent('/document/dbgw?a=1')}`,
    });
    expect(guardDecision({ pathname: '/document/dbgw', token: 'undefined' }).kind).toBe('login');
    expect(guardDecision({ pathname: '/', token: null })).toEqual({ kind: 'login', to: '/login' });
  });

  it('lets public routes through without a token', () => {
    for (const p of ['/login', '/register', '/register/result', '/ssologin', '/ussologin', '/403', '/500', '/scan', '/test']) {
      expect(guardDecision({ pathname: p }).kind).toBe('allow');
    }
  });

  it('waits for the user when a token exists but the user is not loaded', () => {
    expect(guardDecision({ pathname: '/document/dbgw', token: 't' }).kind).toBe('wait');
  });

  it('allows menu pages, hidden menu items, menu_my and ALWAYS_ALLOWED pages', () => {
    const u = user();
    for (const p of [
      '/document/dbgw',
      '/dashboard/search',
      '/document/show-audit/42',
      '/mail/inbox',
      '/mail/inbox/7',
      '/acl/setting',
      '/log',
      '/refresh',
      '/redirect/document/dbgw',
      '/message/index',
      '/dashboard/console',
      '/',
    ]) {
      expect(guardDecision({ pathname: p, token: 't', user: u }).kind, p).toBe('allow');
    }
  });

  it('lets whoever a flow involves open its item pages without the menu; the list pages stay guarded', () => {
    const reader = user({ menu: [node('/dashboard', [node('/dashboard/console')])], menu_my: [] });
    for (const p of ['/document/show/12', '/document/show-audit/12', '/affair/show-audit/7', '/document/show1/12'])
      expect(guardDecision({ pathname: p, token: 't', user: reader }).kind, p).toBe('allow');
    expect(guardDecision({ pathname: '/document/plcl', token: 't', user: reader }).kind).toBe('403');
    // without an item id the page is guarded by the menu as before
    expect(guardDecision({ pathname: '/document/show', token: 't', user: reader }).kind).toBe('403');
  });

  it('answers 403 for a page outside the menu', () => {
    expect(guardDecision({ pathname: '/car/list', token: 't', user: user() })).toEqual({ kind: '403' });
    expect(guardDecision({ pathname: '/log/login', token: 't', user: user() })).toEqual({ kind: '403' });
  });

  it('keeps admin routes for admins', () => {
    expect(guardDecision({ pathname: '/codes/index', token: 't', user: user() })).toEqual({ kind: '403' });
    expect(guardDecision({ pathname: '/codes/index', token: 't', user: user({ is_admin: true }) }).kind).toBe('allow');
  });

  it('answers 404 for unknown paths', () => {
    expect(guardDecision({ pathname: '/no/such/page', token: 't', user: user() })).toEqual({ kind: '404' });
  });

  it('allows a bare section path when one of its children is allowed', () => {
    const u = user({ menu: [node('/stamp-x'), node('/proposal/list')] });
    expect(guardDecision({ pathname: '/proposal', token: 't', user: u }).kind).toBe('allow');
  });

  it('never redirects back to login', () => {
    expect(loginRedirect('/login', '?x=1')).toBe('/login');
  });
});
