/**
 * 收藏公文 (/document/scgw: the definition schemas/document/pages/scgw.page.json through the generic work list, with
 * the area's 取消收藏 row dialog) and the approval-page pieces of src/areas/document/client/pages/DocExtras (收藏
 * star, 关联文件 panel): rows from document/favorites with the columns 标题 / 流程 / 状态 / 收藏时间, a title opening
 * the server's approval route, 取消收藏 after a confirmation; the star toggles; the panel lists related documents and
 * links chosen ones. The client API and the list's call are mocked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { installTestHost } from './testHost';
import type { PageKindProps } from '../../engine/renderers/registry';

const calls = vi.hoisted(() => ({
  favorites: [] as Record<string, unknown>[],
  rows: [] as Record<string, unknown>[],
  removed: [] as number[],
  favorited: [] as number[],
  opened: [] as string[],
  related: [] as Record<string, unknown>[],
  linked: [] as { id: number; related: number[] }[],
  favorite: false,
}));

vi.mock('../../src/areas/document/client/data/docExtras', () => ({
  docExtrasApi: {
    favorites: async (q: Record<string, unknown>) => {
      calls.favorites.push(q);
      return { list: calls.rows, total: calls.rows.length };
    },
    unfavorite: async (id: number) => {
      calls.removed.push(id);
      calls.rows = calls.rows.filter((r) => r.id !== id);
      calls.favorite = false;
      return { id, favorite: false };
    },
    favorite: async (id: number) => {
      calls.favorited.push(id);
      calls.favorite = true;
      return { id, favorite: true };
    },
    isFavorite: async () => ({ favorite: calls.favorite }),
    related: async () => calls.related,
    candidates: async () => [{ id: 31, title: '关于做好冬季供暖保障工作的通知', createdAt: 0 }],
    relate: async (id: number, related: number[]) => {
      calls.linked.push({ id, related });
      return { added: related.length };
    },
    unrelate: async () => ({}),
    attachments: async () => [],
  },
}));
installTestHost({
  openRecord: (p: string) => void calls.opened.push(p),
  useOpenRecord: () => (p: string) => void calls.opened.push(p),
  call: async <T,>(api: string, body?: object) => {
    if (api !== 'document/favorites') throw new Error(`unexpected call ${api}`);
    calls.favorites.push(body as Record<string, unknown>);
    return { list: calls.rows, total: calls.rows.length } as T;
  },
});

// The area module registers its row dialogs, as the shell loads it.
await import('../../src/areas/document/client');
const { WorkListPage } = await import('../../engine/renderers/WorkListPage');
const { FavoriteStar, RelatedDocs } = await import('../../src/areas/document/client/pages/DocExtras');

const ROOT = join(__dirname, '../..');
const page = JSON.parse(readFileSync(join(ROOT, 'schemas/document/pages/scgw.page.json'), 'utf8'));
const texts = JSON.parse(readFileSync(join(ROOT, 'schemas/document/locales/zh-CN.json'), 'utf8'));
const props = { bundle: { page, entity: null, dicts: [], texts, etag: '' } } as unknown as PageKindProps;
const row = (id: number, title: string, status = 'running') => ({
  id,
  title,
  defId: 'document.send',
  status,
  initiator: 1,
  flowTitle: '发文',
  initiatorName: '张伟',
  open: '/document/show-audit/:id',
  favoritedAt: Date.UTC(2026, 10, 20, 2, 0),
});

beforeEach(() => {
  calls.favorites = [];
  calls.removed = [];
  calls.favorited = [];
  calls.opened = [];
  calls.linked = [];
  calls.favorite = false;
  calls.rows = [row(11, '关于开展安全生产大检查的通知'), row(12, '关于加强值班工作的通知', 'finished')];
  calls.related = [{ ...row(12, '关于加强值班工作的通知', 'finished'), linkedAt: 0 }];
});
afterEach(cleanup);

describe('收藏公文 (/document/scgw)', () => {
  it('lists the favourites with 流程, 状态 and 收藏时间; a title opens its approval page', async () => {
    render(
      <MemoryRouter>
        <WorkListPage {...props} />
      </MemoryRouter>,
    );
    const title = await screen.findByText('关于开展安全生产大检查的通知');
    const table = screen.getByTestId('worklist-table');
    for (const head of ['标题', '流程', '状态', '收藏时间', '操作']) expect(within(table).getByRole('columnheader', { name: head })).toBeTruthy();
    expect(within(table).getByText('已办结')).toBeTruthy();
    expect(within(table).getAllByText('发文')).toHaveLength(2);
    fireEvent.click(title);
    expect(calls.opened).toEqual(['/document/show-audit/11']);
  });

  it('取消收藏 asks first, then removes the row', async () => {
    render(
      <MemoryRouter>
        <WorkListPage {...props} />
      </MemoryRouter>,
    );
    await screen.findByText('关于开展安全生产大检查的通知');
    fireEvent.click(screen.getAllByTestId('worklist-action-remove')[0]);
    fireEvent.click(await screen.findByTestId('favorite-remove-ok'));
    await waitFor(() => expect(screen.queryByText('关于开展安全生产大检查的通知')).toBeNull());
    expect(calls.removed).toEqual([11]);
  });
});

describe('approval-page pieces', () => {
  it('the 收藏 star toggles the favourite', async () => {
    render(<FavoriteStar flowId={11} />);
    const star = await screen.findByTestId('favorite-star');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByTestId('favorite-star').getAttribute('aria-pressed')).toBe('true'));
    expect(calls.favorited).toEqual([11]);
  });

  it('the 关联文件 panel lists related documents and opens them', async () => {
    render(
      <MemoryRouter>
        <RelatedDocs flowId={11} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByText('关于加强值班工作的通知'));
    expect(calls.opened).toEqual(['/document/show-audit/12']);
    expect(screen.getByTestId('related-add')).toBeTruthy();
  });
});
