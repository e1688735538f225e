/**
 * The import dialog of list pages (engine/renderers/list/ImportDialog.tsx): the template is the export
 * with `template: true`; an upload reports the records added, updated and refused and either lets the list
 * reload or lists every bad row with its row number, field and message and stores nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import type { ImportReport } from '../../engine/data/api';
import { installTestHost } from './testHost';

const calls = vi.hoisted(() => ({ exports: [] as unknown[], imports: [] as unknown[][], answer: null as unknown }));

vi.mock('../../engine/data/api', () => ({
  resource: (group: string) => ({
    exportXlsx: async (p: unknown) => (calls.exports.push({ group, ...(p as object) }), { blob: new Blob(['PK']), filename: '接待-模板.xlsx' }),
    importXlsx: async (file: File, page: string) => (calls.imports.push([group, file.name, page]), calls.answer as ImportReport),
  }),
}));

const { ImportDialog } = await import('../../engine/renderers/list/ImportDialog');

let host = installTestHost();
afterEach(() => {
  cleanup();
  host = installTestHost();
  calls.exports.length = 0;
  calls.imports.length = 0;
});

function pick(name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  fireEvent.change(input, { target: { files: [file] } });
}

function dialog(onImported = vi.fn()) {
  render(<ImportDialog open group="receptions" pageId="receptions.reception.list" title="导入" onImported={onImported} onClose={() => undefined} />);
  return onImported;
}

describe('ImportDialog', () => {
  it('downloads the template of the list page', async () => {
    dialog();
    fireEvent.click(screen.getByTestId('import-template'));
    await waitFor(() => expect(host.saved.map((f) => f.filename)).toEqual(['接待-模板.xlsx']));
    expect(calls.exports).toEqual([{ group: 'receptions', page: 'receptions.reception.list', template: true }]);
  });

  it('reports every bad row (row, field, message) and stores nothing', async () => {
    calls.answer = {
      imported: 0,
      added: 0,
      updated: 0,
      refused: 2,
      errors: [
        { row: 3, field: '来宾人数', message: '来宾人数不能小于 1' },
        { row: 5, field: '接待日期', message: '接待日期格式不正确' },
      ],
    } satisfies ImportReport;
    const onImported = dialog();
    pick('receptions.xlsx');
    const report = await screen.findByTestId('import-errors');
    expect(calls.imports).toEqual([['receptions', 'receptions.xlsx', 'receptions.reception.list']]);
    expect(report.textContent).toContain('问题列表');
    expect(screen.getByTestId('import-errors-title').textContent).toContain('有 2 处错误，未导入任何记录');
    expect(screen.getByTestId('import-added').textContent).toBe('新增 0 条');
    expect(screen.getByTestId('import-updated').textContent).toBe('更新 0 条');
    expect(screen.getByTestId('import-refused').textContent).toBe('拒绝 2 条');
    // the report is a live region that takes the focus, so keyboard and screen reader land on it
    const region = screen.getByTestId('import-report');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(document.activeElement).toBe(region));
    const cells = [...report.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['3', '来宾人数', '来宾人数不能小于 1'],
      ['5', '接待日期', '接待日期格式不正确'],
    ]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('shows the imported count and lets the list reload', async () => {
    calls.answer = { imported: 12, added: 9, updated: 3, refused: 0, errors: [] } satisfies ImportReport;
    const onImported = dialog();
    pick('receptions.xlsx');
    expect((await screen.findByTestId('import-done')).textContent).toContain('已导入 12 条记录');
    expect(screen.getByTestId('import-counts').textContent).toBe('新增 9 条更新 3 条拒绝 0 条');
    expect(screen.queryByTestId('import-errors')).toBeNull();
    expect(onImported).toHaveBeenCalledWith(12);
  });
});
