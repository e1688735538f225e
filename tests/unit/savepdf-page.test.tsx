/**
 * 正式文件 (/document/savepdf?id=…, src/areas/document/client/pages/SavePdfPage): the 发文's PDF from
 * document/exportPdf shown in a frame from a blob URL, named after its 发文字号; 下载 PDF saves that file,
 * 下载 Word fetches document/getDoc and saves it; a refusal shows the server's message; without an id the page
 * says where to open it from. The engine host answers the calls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { SavePdfPage } from '../../src/areas/document/client/pages/SavePdfPage';
import type { PageKindProps } from '../../engine/renderers/registry';
import { installTestHost } from './testHost';

const calls = vi.hoisted(() => ({
  posted: [] as { url: string; body: unknown }[],
  saved: [] as string[],
  refuse: null as string | null,
}));

installTestHost({
  download: async (url: string, body?: object) => {
    calls.posted.push({ url, body });
    if (calls.refuse) throw new Error(calls.refuse);
    const pdf = url.endsWith('exportPdf');
    return {
      blob: new Blob([pdf ? '%PDF-1.7' : 'PK'], { type: pdf ? 'application/pdf' : 'application/octet-stream' }),
      filename: pdf ? '京政办发〔2026〕1号.pdf' : '京政办发〔2026〕1号.docx',
    };
  },
  saveFile: (f: { filename: string }) => void calls.saved.push(f.filename),
});

const props = { bundle: { page: { id: 'document.savepdf', pageKind: 'custom', component: 'document.savePdf' } } } as unknown as PageKindProps;
const open = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <SavePdfPage {...props} />
    </MemoryRouter>,
  );

beforeEach(() => {
  calls.posted = [];
  calls.saved = [];
  calls.refuse = null;
  URL.createObjectURL = vi.fn(() => 'blob:test/pdf-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

describe('正式文件 (/document/savepdf)', () => {
  it('shows the PDF of document/exportPdf {id} in a frame, named after its 发文字号', async () => {
    open('/document/savepdf?id=7');
    const frame = await screen.findByTestId('savepdf-frame');
    expect(frame.getAttribute('src')).toBe('blob:test/pdf-1');
    expect(calls.posted).toEqual([{ url: 'document/exportPdf', body: { id: 7 } }]);
    expect(screen.getByText('京政办发〔2026〕1号.pdf')).toBeTruthy();
  });

  it('下载 PDF saves the shown file; 下载 Word fetches document/getDoc and saves the DOCX', async () => {
    open('/document/savepdf?id=7');
    await screen.findByTestId('savepdf-frame');
    fireEvent.click(screen.getByTestId('savepdf-download-pdf'));
    expect(calls.saved).toEqual(['京政办发〔2026〕1号.pdf']);
    fireEvent.click(screen.getByTestId('savepdf-download-word'));
    await waitFor(() => expect(calls.saved).toEqual(['京政办发〔2026〕1号.pdf', '京政办发〔2026〕1号.docx']));
    expect(calls.posted[1]).toEqual({ url: 'document/getDoc', body: { id: 7 } });
    expect(screen.getByTestId('savepdf-print').textContent).toContain('打印');
  });

  it('shows the server’s refusal instead of a document', async () => {
    calls.refuse = '流程不存在或无权查看';
    open('/document/savepdf?id=8');
    expect((await screen.findByTestId('savepdf-refused')).textContent).toContain('流程不存在或无权查看');
    expect(screen.queryByTestId('savepdf-frame')).toBeNull();
  });

  it('without an id asks to open it from a document and calls nothing', () => {
    open('/document/savepdf');
    expect(screen.getByTestId('savepdf-no-id').textContent).toContain('请从公文的审批页面打开正式文件');
    expect(calls.posted).toEqual([]);
  });
});
