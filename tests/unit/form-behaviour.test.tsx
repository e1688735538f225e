/**
 * FormPage as a person filling it in notices it: a computed field follows its inputs, a rule makes
 * another field required, a missing required field is named in Chinese and nothing is sent, a valid form is
 * sent as a record, a refusal (a stale edit) is shown above the form, and leaving with unsaved changes asks
 * first. The definition is the receptions entity with a small test page over it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { FormPage } from '../../engine/renderers/FormPage';
import { LeaveGuardContext, type LeaveGuard } from '../../engine/renderers/leaveGuard';
import type { FormPageDef } from '../../engine/schema/types';
import type { PageBundle } from '../../engine/schema/bundle';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const calls = { add: [] as Record<string, unknown>[], edit: [] as Record<string, unknown>[], refuse: null as string | null };

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    info: async () => ({ id: 5, version: 3, title: '旧的接待', guestUnit: '某局', people: 2, days: 4 }),
    add: async (r: Record<string, unknown>) => {
      calls.add.push(r);
      if (calls.refuse) throw new Error(calls.refuse);
      return { id: 9, version: 1, ...r };
    },
    edit: async (r: Record<string, unknown>) => {
      calls.edit.push(r);
      if (calls.refuse) throw new Error(calls.refuse);
      return { ...r, version: 4 };
    },
  }),
  selector: {
    search: async () => ({ users: [], depts: [] }),
    getlist: async () => ({ users: {}, depts: {} }),
    tree: async () => [],
    getrecent: async () => [],
  },
  files: { upload: async () => ({}), download: async () => ({}) },
}));

/** The receptions entity with a test page: days = people × 2; arrangement required above 10 people. */
function testBundle(): PageBundle {
  const base = bundleOf('receptions.reception.form');
  const field = (f: string) => ({ id: `f_${f}`, type: 'field' as const, field: f });
  const page: FormPageDef = {
    ...(base.page as FormPageDef),
    layout: [{ id: 'g', type: 'grid', columns: 2, children: ['title', 'guestUnit', 'people', 'days', 'arrangement'].map(field) }],
    computed: [{ id: 'c_days', field: 'days', expr: { cel: 'people * 2' } }],
    rules: [{ id: 'r_arr', when: { cel: 'people > 10' }, field: 'arrangement', effect: 'required' }],
    validators: [],
  };
  return { ...base, page };
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

afterEach(() => {
  cleanup();
  calls.add.length = 0;
  calls.edit.length = 0;
  calls.refuse = null;
});

describe('FormPage behaviour', () => {
  it('recomputes a computed field as its input is typed', async () => {
    renderWithUser(<FormPage bundle={testBundle()} embedded />, userWith([]));
    await screen.findByText('接待事由');
    type('来宾人数', '3');
    await waitFor(() => expect(input('接待天数').value).toBe('6'));
    type('来宾人数', '12');
    await waitFor(() => expect(input('接待天数').value).toBe('24'));
  });

  it('names a missing required field in Chinese and sends nothing', async () => {
    renderWithUser(<FormPage bundle={testBundle()} embedded />, userWith([]));
    await screen.findByText('接待事由');
    type('接待事由', '考察');
    fireEvent.click(screen.getByTestId('form-save'));
    expect(await screen.findByText('请填写来宾单位')).toBeTruthy();
    expect(calls.add).toHaveLength(0);
  });

  it("shows a field's own message (x-pattern-message) when its pattern fails, and sends nothing", async () => {
    const bundle = testBundle();
    const model = structuredClone(bundle.entity!.model);
    model.properties.guestUnit = {
      ...model.properties.guestUnit,
      pattern: '^\\S+$',
      'x-pattern-message': { t: 'receptions.reception.pattern.guestUnit', d: '来宾单位不能含空格' },
    };
    renderWithUser(<FormPage bundle={{ ...bundle, entity: { ...bundle.entity!, model } }} embedded />, userWith([]));
    await screen.findByText('接待事由');
    type('接待事由', '考察');
    type('来宾单位', '某市 发改委');
    type('来宾人数', '2');
    fireEvent.click(screen.getByTestId('form-save'));
    expect((await screen.findAllByText(/来宾单位不能含空格/)).length).toBeGreaterThan(0);
    expect(calls.add).toHaveLength(0);
  });

  it('requires a field when its rule holds, then sends the record with the computed value', async () => {
    renderWithUser(<FormPage bundle={testBundle()} embedded />, userWith([]));
    await screen.findByText('接待事由');
    type('接待事由', '兄弟城市考察');
    type('来宾单位', '某市发展和改革委员会');
    type('来宾人数', '12');
    fireEvent.click(screen.getByTestId('form-save'));
    expect(await screen.findByText(/请填写接待安排/)).toBeTruthy();
    expect(calls.add).toHaveLength(0);

    type('接待安排（住宿、用餐、参观等）', '市政府招待所');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.add).toHaveLength(1));
    expect(calls.add[0]).toMatchObject({ title: '兄弟城市考察', guestUnit: '某市发展和改革委员会', people: 12, days: 24, arrangement: '市政府招待所' });
  });

  it('does not submit on Enter in a one-line field (confirming a typed date must not save or start the flow)', async () => {
    renderWithUser(<FormPage bundle={testBundle()} embedded />, userWith([]));
    await screen.findByText('接待事由');
    type('接待事由', '兄弟城市考察');
    // false: the browser's implicit submission was prevented; a text area keeps its Enter (a new line)
    expect(fireEvent.keyDown(input('接待事由'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('接待安排（住宿、用餐、参观等）', { exact: true }), { key: 'Enter' })).toBe(true);
    expect(calls.add).toHaveLength(0);
  });

  it('edits with the version it read and shows a refusal above the form', async () => {
    calls.refuse = '该记录已被他人修改，请刷新后再试';
    renderWithUser(<FormPage bundle={testBundle()} recordId={5} embedded />, userWith([]));
    await waitFor(() => expect(input('接待事由').value).toBe('旧的接待'));
    type('来宾单位', '某省局');
    fireEvent.click(screen.getByTestId('form-save'));
    expect(await screen.findByTestId('form-refusal')).toBeTruthy();
    expect(screen.getByTestId('form-refusal').textContent).toContain('该记录已被他人修改');
    expect(calls.edit[0]).toMatchObject({ id: 5, version: 3, guestUnit: '某省局' });
  });

  it('asks before leaving with unsaved changes, and not without them', async () => {
    const onCancel = vi.fn();
    renderWithUser(<FormPage bundle={testBundle()} embedded onCancel={onCancel} />, userWith([]));
    await screen.findByText('接待事由');
    fireEvent.click(screen.getByTestId('form-cancel'));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    type('接待事由', '改了');
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect((await screen.findAllByText('放弃修改？')).length).toBeGreaterThan(0);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('lets a closing drawer leave at once when nothing changed, and only after confirming otherwise', async () => {
    const guard: LeaveGuard = { current: null };
    renderWithUser(
      <LeaveGuardContext.Provider value={guard}>
        <FormPage bundle={testBundle()} embedded />
      </LeaveGuardContext.Provider>,
      userWith([]),
    );
    await screen.findByText('接待事由');
    await waitFor(() => expect(guard.current).toBeTypeOf('function'));
    await expect(guard.current!()).resolves.toBe(true);

    type('接待事由', '改了');
    const stay = guard.current!();
    fireEvent.click((await screen.findAllByRole('button', { name: /继续编辑/ })).at(-1)!);
    await expect(stay).resolves.toBe(false);
    const shown = screen.queryAllByRole('button', { name: /离\s*开/ }).length;
    const leave = guard.current!();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /离\s*开/ }).length).toBeGreaterThan(shown));
    fireEvent.click(screen.getAllByRole('button', { name: /离\s*开/ }).at(-1)!);
    await expect(leave).resolves.toBe(true);
  });
});
