/**
 * 公文检索 page (/document/search, src/areas/document/client/pages/DocumentSearch): hits with their highlighted snippet
 * (only the server's <mark> tags become elements; any other markup stays text), filters sent with the keyword, a
 * title opening the document's approval route. The client API is mocked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { installTestHost } from './testHost';
import type { PageKindProps } from '../../engine/renderers/registry';

const calls = vi.hoisted(() => ({ queries: [] as Record<string, unknown>[], opened: [] as string[] }));

vi.mock('../../src/areas/document/client/data/docSearch', () => ({
  docSearchApi: {
    search: async (q: Record<string, unknown>) => {
      calls.queries.push(q);
      return {
        total: 1,
        more: false,
        list: [
          {
            entity: 'document.send',
            record_id: 7,
            flow_id: 31,
            title: '关于做好2027年元旦春节期间安全生产工作的通知',
            doc_number: '京政办发〔2026〕3号',
            year: 2026,
            unit_name: '市政府办公室',
            doc_type: '8',
            secret_level: '0',
            created_at: Date.UTC(2026, 10, 20),
            snippet: '…重点检查&lt;img src=x onerror=alert(1)&gt;和<mark>安全生产</mark>工作…',
            open: '/document/show-audit/31',
          },
        ],
      };
    },
  },
}));
installTestHost({ openRecord: (p: string) => void calls.opened.push(p) });

const { DocumentSearch, snippetNodes } = await import('../../src/areas/document/client/pages/DocumentSearch');

const props = {
  bundle: { page: { id: 'document.search', pageKind: 'custom', component: 'document.search' }, entity: { model: { properties: {} } }, dicts: [], texts: {} },
} as unknown as PageKindProps;

beforeEach(() => {
  calls.queries = [];
  calls.opened = [];
});
afterEach(cleanup);

describe('公文检索 (/document/search)', () => {
  it('shows hits with the snippet highlighted and nothing else of it as markup; a title opens the approval page', async () => {
    render(
      <MemoryRouter>
        <DocumentSearch {...props} />
      </MemoryRouter>,
    );
    const title = await screen.findByText('关于做好2027年元旦春节期间安全生产工作的通知');
    const snippet = screen.getByTestId('docsearch-snippet');
    expect(snippet.querySelectorAll('mark')).toHaveLength(1);
    expect(snippet.querySelector('mark')!.textContent).toBe('安全生产');
    expect(snippet.querySelector('img')).toBeNull();
    expect(snippet.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(screen.getByText('京政办发〔2026〕3号')).toBeTruthy();
    fireEvent.click(title);
    expect(calls.opened).toEqual(['/document/show-audit/31']);
  });

  it('opened from the header search (?keyword=), that keyword is searched at once and shown in the box', async () => {
    render(
      <MemoryRouter initialEntries={['/document/search?keyword=%E5%AE%89%E5%85%A8%E7%94%9F%E4%BA%A7']}>
        <DocumentSearch {...props} />
      </MemoryRouter>,
    );
    await screen.findByText('关于做好2027年元旦春节期间安全生产工作的通知');
    expect(calls.queries[0]).toMatchObject({ keyword: '安全生产', current: 1 });
    expect((screen.getByPlaceholderText(/输入标题/) as HTMLInputElement).value).toBe('安全生产');
  });

  it('the keyword is sent with page 1', async () => {
    render(
      <MemoryRouter>
        <DocumentSearch {...props} />
      </MemoryRouter>,
    );
    await screen.findByText('关于做好2027年元旦春节期间安全生产工作的通知');
    const box = screen.getByPlaceholderText(/输入标题/);
    fireEvent.change(box, { target: { value: ' 安全生产 元旦 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.queries.at(-1)).toMatchObject({ keyword: '安全生产 元旦', current: 1 }));
  });

  it('snippetNodes turns only exact <mark> pairs into elements', () => {
    const nodes = snippetNodes('a <mark>b</mark> &lt;mark&gt;c&lt;/mark&gt;');
    const { container } = render(<p>{nodes}</p>);
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.textContent).toBe('a b <mark>c</mark>');
  });
});
