/**
 * The `tabs` page kind (engine/renderers/TabsPage.tsx) on the shipped 公文设置 page (schemas/document/pages/gwsz.page.json):
 * only the tabs whose codes the user holds are shown; the active tab comes from `?tab=` and a click puts its key
 * there, so the same URL opens it again after a reload; a user who may see no tab gets a notice. The tab's page is
 * stubbed (EnginePage shows the page id it was asked for).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import '@app/i18n';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

vi.mock('../../engine/renderers/EnginePage', () => ({
  EnginePage: ({ id }: { id: string }) => <div data-testid="tab-content">{id}</div>,
}));

const { TabsPage } = await import('../../engine/renderers/TabsPage');

/** The bundle as Template/page answers it: the codes each tab needs. */
const bundle = {
  ...bundleOf('document.gwsz'),
  tabs: { general: [], actions: ['document:setting'], permissions: ['document:setting'], marks: [], relationKinds: [] },
};

function Search() {
  return <span data-testid="search">{useLocation().search}</span>;
}

function open(url: string, access: string[], b = bundle) {
  return renderWithUser(
    <MemoryRouter initialEntries={[url]}>
      <TabsPage bundle={b} />
      <Search />
    </MemoryRouter>,
    userWith(access),
  );
}

const tabLabels = () => screen.queryAllByTestId(/^tabs-page-tab-/).map((e) => e.textContent);

afterEach(cleanup);

describe('tabs page (公文设置)', () => {
  it('shows only the tabs the user may see, the first one open', async () => {
    open('/document/gwsz', []);
    expect(tabLabels()).toEqual(['通用设置', '发文字号', '关联类型']);
    expect((await screen.findByTestId('tab-content')).textContent).toBe('document.gwsz.general');
    cleanup();
    open('/document/gwsz', ['document:setting']);
    expect(tabLabels()).toEqual(['通用设置', '操作设置', '节点权限', '发文字号', '关联类型']);
  });

  it('opens the tab of ?tab=, puts a clicked tab in the URL and opens it again from that URL', async () => {
    open('/document/gwsz?tab=marks', ['document:setting']);
    expect((await screen.findByTestId('tab-content')).textContent).toBe('document.mark.list');
    fireEvent.click(screen.getByTestId('tabs-page-tab-relationKinds'));
    expect((await screen.findByTestId('tab-content')).textContent).toBe('document.relationKind.list');
    const search = screen.getByTestId('search').textContent!;
    expect(new URLSearchParams(search).get('tab')).toBe('relationKinds');
    cleanup();
    open(`/document/gwsz${search}`, ['document:setting']);
    expect((await screen.findByTestId('tab-content')).textContent).toBe('document.relationKind.list');
  });

  it('falls back to the first visible tab for a tab the user may not see, and says so when none is left', async () => {
    open('/document/gwsz?tab=actions', []);
    expect((await screen.findByTestId('tab-content')).textContent).toBe('document.gwsz.general');
    cleanup();
    open('/document/gwsz', [], { ...bundle, tabs: { general: ['document:setting'] } as typeof bundle.tabs });
    expect(await screen.findByTestId('tabs-page-none')).toBeTruthy();
    expect(screen.queryByTestId('tab-content')).toBeNull();
  });
});
