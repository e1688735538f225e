/**
 * The header search (src/app/components/header/HeaderSearch.tsx, SPEC §2.4): the type is chosen first — 公文 when
 * the user may open the document search, else 菜单 / 人员 — and the keyword then opens that type's results.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import '@app/i18n';
import type { MenuNode, UserInfo } from '@shared/types';
import { HeaderSearch } from '@app/components/header/HeaderSearch';
import { appStore } from '@app/stores/store';
import { userAtom } from '@app/stores/user';
import { routeTreeAtom } from '@app/stores/routes';

const menu = (path: string): MenuNode => ({ id: 1, path, header: path, i18nKey: '', icon: null, auth: '', status: 1, children: [] });

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function show(paths: string[]) {
  appStore.set(routeTreeAtom, { status: 'ready', version: 1 });
  appStore.set(userAtom, { id: 1, menu: paths.map(menu), menu_my: [] } as unknown as UserInfo);
  render(
    <Provider store={appStore}>
      <MemoryRouter initialEntries={['/dashboard/console']}>
        <HeaderSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const search = (kw: string) => {
  const box = screen.getByTestId('header-search').querySelector('input') ?? screen.getByTestId('header-search');
  fireEvent.change(box, { target: { value: kw } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

afterEach(() => {
  cleanup();
  appStore.set(userAtom, null);
});

describe('header search', () => {
  it('offers 公文 first to a user who may search documents, and finds them there', async () => {
    show(['/document/search', '/document/dbgw']);
    expect(screen.getByTestId('header-search-type').textContent).toContain('公文');
    search(' 安全生产 ');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/document/search?keyword=${encodeURIComponent('安全生产')}`));
  });

  it('another type chosen first runs that search; without the document search, 公文 is not offered', async () => {
    show(['/document/dbgw']);
    expect(screen.getByTestId('header-search-type').textContent).toContain('菜单');
    fireEvent.mouseDown(screen.getByTestId('header-search-type').querySelector('.ant-select-selector') ?? screen.getByTestId('header-search-type'));
    expect(await screen.findByTestId('header-search-type-contact')).toBeTruthy();
    expect(screen.queryByTestId('header-search-type-document')).toBeNull();
    fireEvent.click(screen.getByTestId('header-search-type-contact'));
    search('李娜');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/dashboard/search?type=contact&keyword=${encodeURIComponent('李娜')}`));
  });

  it('an empty keyword searches nothing', () => {
    show(['/document/search']);
    search('   ');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/console');
  });
});
