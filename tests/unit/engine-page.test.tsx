/**
 * EnginePage (engine/renderers/EnginePage.tsx): loads a page definition by route or id, shows a spinner,
 * renders the registered page kind, names the page and its pageKind when no component is registered,
 * and offers a retry when the definition cannot be loaded. Also: a route an area maps to a page renders
 * the engine instead of the under-construction page (src/app/router/RoutePage.tsx).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import type { PageBundle } from '../../engine/schema/bundle';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const loads = vi.hoisted(() => ({ refs: [] as unknown[], next: [] as (() => Promise<unknown>)[] }));

vi.mock('../../engine/data/api', () => ({
  loadPage: (ref: unknown) => {
    loads.refs.push(ref);
    return loads.next.shift()!();
  },
  resource: () => ({ list: async () => ({ list: [], total: 0, refs: { users: {}, depts: {} } }) }),
  selector: { search: async () => ({ users: [], depts: [] }) },
}));

vi.mock('../../engine/renderers/index', () => ({
  EnginePage: ({ route }: { route: string }) => <div data-testid="engine-stub">{route}</div>,
}));

const { registerPageKind, pageKindComponent } = await import('../../engine/renderers/registry');
const { ListPage } = await import('../../engine/renderers/ListPage');
const { EnginePage } = await import('../../engine/renderers/EnginePage');
if (!pageKindComponent('list')) registerPageKind('list', ListPage);

afterEach(() => {
  cleanup();
  loads.refs.length = 0;
  loads.next.length = 0;
});

describe('EnginePage', () => {
  it('loads the page of a route and renders its kind (the receptions list)', async () => {
    loads.next.push(async () => bundleOf('receptions.reception.list'));
    renderWithUser(<EnginePage route="/receptions/index" />, userWith(['receptions:view']));
    expect(screen.getByTestId('engine-loading')).toBeTruthy();
    expect((await screen.findByTestId('list-title')).textContent).toBe('接待管理');
    expect(loads.refs).toEqual([{ route: '/receptions/index' }]);
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });

  it('names the page id and the pageKind when no component renders it', async () => {
    const b = bundleOf('receptions.reception.list');
    loads.next.push(async () => ({ ...b, page: { ...b.page, pageKind: 'calendar' } }) as unknown as PageBundle);
    renderWithUser(<EnginePage id="receptions.reception.list" />, userWith([]));
    const box = await screen.findByTestId('definition-error');
    expect(box.textContent).toContain('receptions.reception.list');
    expect(box.textContent).toContain('calendar');
    expect(loads.refs).toEqual([{ id: 'receptions.reception.list' }]);
  });

  it('shows why a definition did not load and loads it again on retry', async () => {
    loads.next.push(async () => {
      throw new Error('页面不存在：/receptions/index');
    });
    loads.next.push(async () => bundleOf('receptions.reception.list'));
    renderWithUser(<EnginePage route="/receptions/index" />, userWith([]));
    const failed = await screen.findByTestId('engine-load-error');
    expect(failed.textContent).toContain('页面定义加载失败');
    expect(failed.textContent).toContain('页面不存在：/receptions/index');
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('list-title')).toBeTruthy();
  });
});

describe('routes of area definitions', () => {
  it('renders /receptions/index through the page engine and keeps other routes under construction', async () => {
    const { RoutePage } = await import('@app/router/RoutePage');
    const { matchRoute } = await import('@app/router/routeTable');
    const nodeOf = (path: string) => matchRoute(path)!;
    expect(nodeOf('/receptions/index').page).toBe('receptions.reception.list');
    render(
      <MemoryRouter initialEntries={['/receptions/index']}>
        <RoutePage node={nodeOf('/receptions/index')} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('engine-stub').textContent).toBe('/receptions/index'));
    expect(screen.queryByTestId('under-construction')).toBeNull();
    cleanup();
    render(
      <MemoryRouter initialEntries={['/car/apply']}>
        <RoutePage node={nodeOf('/car/apply')} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('under-construction')).toBeTruthy();
  });
});
