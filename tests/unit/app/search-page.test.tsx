/**
 * The full-text search results (src/app/pages/dashboard/SearchPage.tsx): menu hits of areas not built yet are
 * not offered, as in the menu, and the count says what is shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';

vi.mock('@app/services/api', async (orig) => {
  const real = await orig<{ api: object }>();
  return {
    ...real,
    api: {
      ...real.api,
      search: async () => ({
        list: [
          { id: 1, path: '/document/dbgw', header: '待办公文', i18nKey: 'document.dbgw', icon: null },
          { id: 2, path: '/mail/inbox', header: '收件箱', i18nKey: 'mail.inbox', icon: null },
        ],
        total: 2,
      }),
    },
  };
});

const { default: SearchPage } = await import('@app/pages/dashboard/SearchPage');

afterEach(cleanup);

describe('search results', () => {
  it('leave out the pages of areas not built yet', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard/search?type=menu&keyword=%E5%BE%85']}>
        <SearchPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('/document/dbgw')).toBeTruthy();
    expect(screen.queryByText('/mail/inbox')).toBeNull();
    expect(screen.getAllByTestId('search-item')).toHaveLength(1);
    expect(screen.getByTestId('search-summary').textContent).toContain('共找到 1 条结果');
  });
});
