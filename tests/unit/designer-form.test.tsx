/**
 * FormDesigner in happy-dom: a control added from the palette by keyboard shows on the canvas and,
 * after its label is edited in the inspector (key from the label's pinyin), in the live preview drawn by the
 * engine's FormPage; Ctrl+Z undoes the edit; the model API nests a field into a section.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import { FormDesigner, emptyForm, insertFromPalette, type FormDesign, type FormDesignState } from '../../designer/form';
import { renderWithUser, userWith } from './list-fixture';
import { serverPinyin } from './designer-form-fixture';

vi.mock('../../engine/data/api', () => ({
  resource: () => ({ info: async () => ({ id: 1, version: 1 }), add: async (r: object) => ({ id: 9, version: 1, ...r }), edit: async (r: object) => r }),
  selector: {
    search: async () => ({ users: [], depts: [] }),
    getlist: async () => ({ users: {}, depts: {} }),
    tree: async () => [],
    getrecent: async () => [],
  },
  files: { upload: async () => ({}), download: async () => ({}) },
  loadPage: async () => {
    throw new Error('no');
  },
}));

const blank = () => emptyForm({ id: 'leave.request.form', entity: 'leave.request', title: { t: 'leave.request.page.form', d: '请假申请' } });

afterEach(cleanup);

describe('FormDesigner', () => {
  it('adds a field by keyboard, edits its label, previews it and undoes the edit', async () => {
    const pinyin = vi.fn(async (text: string) => serverPinyin(text));
    let last: FormDesignState | null = null;
    renderWithUser(<FormDesigner initial={blank()} pinyin={pinyin} onChange={(s) => (last = s)} />, userWith([]));
    const entry = screen.getByTestId('palette-text');
    entry.focus();
    fireEvent.keyDown(entry, { key: 'Enter' });
    await waitFor(() => expect(last?.layout).toHaveLength(1));
    const id = last!.layout[0].id;
    expect(screen.getByTestId(`canvas-label-${id}`).textContent).toBe('单行文本');
    expect(pinyin).toHaveBeenCalledWith('单行文本');

    fireEvent.click(screen.getByTestId(`canvas-node-${id}`));
    const zh = await screen.findByTestId('inspector-label-zh');
    fireEvent.change(zh, { target: { value: '请假事由' } });
    fireEvent.blur(zh);
    await waitFor(() => expect((screen.getByTestId('inspector-key') as HTMLInputElement).value).toBe('qingjiashiyou'));
    expect(screen.getByTestId(`canvas-label-${id}`).textContent).toBe('请假事由');

    fireEvent.click(screen.getByTestId('designer-mode-preview'));
    const preview = await screen.findByTestId('designer-preview');
    expect(await within(preview).findByText('请假事由')).toBeTruthy();
    // a preview stores nothing: no save or cancel
    expect(within(preview).queryByTestId('form-save')).toBeNull();
    expect(within(preview).queryByTestId('form-cancel')).toBeNull();

    fireEvent.click(screen.getByTestId('designer-mode-design'));
    fireEvent.keyDown(await screen.findByTestId('form-designer'), { key: 'z', ctrlKey: true });
    await waitFor(() => expect(screen.getByTestId(`canvas-label-${id}`).textContent).toBe('单行文本'));
    expect(Object.keys(last!.model.properties)).toEqual(['danhangwenben']);
    fireEvent.click(screen.getByTestId('designer-redo'));
    await waitFor(() => expect(screen.getByTestId(`canvas-label-${id}`).textContent).toBe('请假事由'));
  });

  it('takes model commands, moves the selected field with Alt+arrows and deletes it', async () => {
    let design: FormDesign | null = null;
    renderWithUser(<FormDesigner initial={blank()} pinyin={async (t) => serverPinyin(t)} onReady={(d) => (design = d)} />, userWith([]));
    await waitFor(() => expect(design).not.toBeNull());
    await act(async () => {
      await design!.run((s, env) => insertFromPalette(s, 'section', { parent: null }, env), ['分组']);
    });
    const section = design!.state.layout[0].id;
    await act(async () => {
      await design!.run((s, env) => insertFromPalette(s, 'money', { parent: section }, env), ['金额']);
      await design!.run((s, env) => insertFromPalette(s, 'date', { parent: section }, env), ['日期']);
    });
    const [money, date] = (design!.state.layout[0] as { children: { id: string }[] }).children.map((c) => c.id);
    const zone = screen.getByTestId(`canvas-zone-${section}`);
    expect(within(zone).getByTestId(`canvas-label-${money}`).textContent).toBe('金额');
    const node = screen.getByTestId(`canvas-node-${date}`);
    fireEvent.click(node);
    fireEvent.keyDown(node, { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect((design!.state.layout[0] as { children: { id: string }[] }).children.map((c) => c.id)).toEqual([date, money]));
    fireEvent.keyDown(screen.getByTestId(`canvas-node-${date}`), { key: 'c', ctrlKey: true });
    fireEvent.keyDown(screen.getByTestId(`canvas-node-${date}`), { key: 'v', ctrlKey: true });
    await waitFor(() => expect(Object.keys(design!.state.model.properties)).toEqual(['jine', 'riqi', 'riqi2']));
    const pasted = (design!.state.layout[0] as { children: { id: string }[] }).children[1].id;
    expect(screen.getByTestId(`canvas-label-${pasted}`).textContent).toBe('日期');
    fireEvent.keyDown(screen.getByTestId(`canvas-node-${pasted}`), { key: 'Delete' });
    await waitFor(() => expect(Object.keys(design!.state.model.properties)).toEqual(['jine', 'riqi']));
    fireEvent.click(screen.getByTestId(`canvas-node-${date}`));
    fireEvent.keyDown(screen.getByTestId(`canvas-node-${date}`), { key: 'Delete' });
    await waitFor(() => expect(Object.keys(design!.state.model.properties)).toEqual(['jine']));
    expect(screen.queryByTestId(`canvas-node-${date}`)).toBeNull();
  });

  it('builds a visibility rule in the inspector that the preview follows', async () => {
    let design: FormDesign | null = null;
    renderWithUser(<FormDesigner initial={blank()} pinyin={async (t) => serverPinyin(t)} onReady={(d) => (design = d)} />, userWith([]));
    await waitFor(() => expect(design).not.toBeNull());
    await act(async () => {
      await design!.run((s, env) => insertFromPalette(s, 'text', { parent: null }, env), ['单行文本']);
      await design!.run((s, env) => insertFromPalette(s, 'textarea', { parent: null }, env), ['多行文本']);
    });
    const area = design!.state.layout[1].id;
    fireEvent.click(screen.getByTestId(`canvas-node-${area}`));
    fireEvent.click(await screen.findByTestId('rule-add'));
    await waitFor(() => expect(design!.state.rules).toHaveLength(1));
    expect(design!.state.rules[0]).toMatchObject({
      field: 'duohangwenben',
      effect: 'visible',
      when: { mode: 'all', items: [{ field: 'danhangwenben', op: 'notEmpty' }] },
    });
    expect(screen.getAllByTestId('rule-leaf')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('designer-mode-preview'));
    const preview = await screen.findByTestId('designer-preview');
    expect(await within(preview).findByText('单行文本')).toBeTruthy();
    // 多行文本 shows only once 单行文本 has a value
    expect(within(preview).queryByText('多行文本')).toBeNull();
    const input = preview.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'x' } });
    expect(await within(preview).findByText('多行文本')).toBeTruthy();
  });

  it('copies and pastes with the toolbar and undoes with the button', async () => {
    let design: FormDesign | null = null;
    renderWithUser(<FormDesigner initial={blank()} pinyin={async (t) => serverPinyin(t)} onReady={(d) => (design = d)} />, userWith([]));
    await waitFor(() => expect(design).not.toBeNull());
    await act(async () => {
      await design!.run((s, env) => insertFromPalette(s, 'money', { parent: null }, env), ['金额']);
    });
    fireEvent.click(screen.getByTestId(`canvas-node-${design!.state.layout[0].id}`));
    fireEvent.click(await screen.findByTestId('designer-copy'));
    fireEvent.click(screen.getByTestId('designer-paste'));
    await waitFor(() => expect(Object.keys(design!.state.model.properties)).toEqual(['jine', 'jine2']));
    fireEvent.click(screen.getByTestId('designer-undo'));
    await waitFor(() => expect(Object.keys(design!.state.model.properties)).toEqual(['jine']));
  });
});
