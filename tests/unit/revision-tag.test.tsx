/**
 * A record shows with the form revision it pinned (engine/renderers/EnginePage.tsx, DetailPage.tsx,
 * FormPage.tsx, RevisionTag.tsx): EnginePage asks Template/page {id, recordId} for a record's detail or form page
 * and renders that revision's labels, with the tag "表单第 N 版" and a note when a newer revision exists; a
 * current record shows the tag without the note; a form never revised shows no tag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import '@app/i18n';
import type { PageBundle } from '../../engine/schema/bundle';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const asked = vi.hoisted(() => ({ pinned: [] as { id: string; recordId: number }[] }));
/** The revision the mocked server says the record pinned, and the label that revision gave 来宾单位. */
const server = vi.hoisted(() => ({ revision: { number: 1, latest: 2 }, label: '来访单位' }));

vi.mock('../../engine/data/api', async () => {
  const { bundleOf: of } = await import('./list-fixture');
  return {
    loadPage: async (ref: { id: string }) => of(ref.id),
    loadRecordPage: async (id: string, recordId: number) => {
      asked.pinned.push({ id, recordId });
      const b = structuredClone(of(id)) as PageBundle;
      b.entity!.model.properties.guestUnit['x-title'] = { t: 'receptions.reception.field.guestUnit.r1', d: server.label };
      return { ...b, revision: { form: 'receptions.reception.form', ...server.revision } };
    },
    resource: () => ({
      info: async (id: number) => ({
        id,
        version: 1,
        title: '省统计局调研',
        guestUnit: '省统计局',
        people: 3,
        visitDate: '2026-04-01',
        _actions: ['edit'],
        _refs: { users: {}, depts: {} },
      }),
    }),
    selector: {
      search: async () => ({ users: [], depts: [] }),
      getlist: async () => ({ users: {}, depts: {} }),
      tree: async () => [],
      getrecent: async () => [],
    },
    files: { upload: async () => ({}), download: async () => ({}) },
  };
});

await import('../../engine/renderers');
const { EnginePage } = await import('../../engine/renderers/EnginePage');
const { FormPage } = await import('../../engine/renderers/FormPage');

afterEach(() => {
  cleanup();
  asked.pinned.length = 0;
});

describe('a record shows with the form revision it pinned', () => {
  it('detail page: the pinned revision’s labels, its tag and a note that a newer one exists', async () => {
    server.revision = { number: 1, latest: 2 };
    renderWithUser(<EnginePage id="receptions.reception.detail" recordId={5} embedded />, userWith([]));
    expect((await screen.findByTestId('form-revision')).textContent).toContain('表单第 1 版');
    expect(screen.getByTestId('form-revision-newer').textContent).toBe('已发布第 2 版，本记录按其创建时的版本显示');
    expect(screen.getByText('来访单位')).toBeTruthy();
    expect(screen.queryByText('来宾单位')).toBeNull();
    expect(asked.pinned).toEqual([{ id: 'receptions.reception.detail', recordId: 5 }]);
  });

  it('form page of a record of the newest revision: the tag without the note', async () => {
    server.revision = { number: 2, latest: 2 };
    renderWithUser(<EnginePage id="receptions.reception.form" recordId={5} embedded />, userWith([]));
    expect((await screen.findByTestId('form-revision')).textContent).toBe('表单第 2 版');
    expect(screen.queryByTestId('form-revision-newer')).toBeNull();
    expect(await screen.findByText('来访单位')).toBeTruthy();
  });

  it('no tag for a new record or a form never revised', async () => {
    server.revision = { number: 0, latest: 0 };
    renderWithUser(<EnginePage id="receptions.reception.form" recordId={5} embedded />, userWith([]));
    expect(await screen.findByText('来访单位')).toBeTruthy();
    expect(screen.queryByTestId('form-revision')).toBeNull();
    cleanup();
    renderWithUser(<FormPage bundle={bundleOf('receptions.reception.form')} embedded />, userWith([]));
    expect(await screen.findByText('来宾单位')).toBeTruthy();
    expect(screen.queryByTestId('form-revision')).toBeNull();
    expect(asked.pinned).toEqual([{ id: 'receptions.reception.form', recordId: 5 }]);
  });
});
