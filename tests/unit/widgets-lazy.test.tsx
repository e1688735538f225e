/**
 * Deferred date and dictionary widgets (widgets/lazy.tsx): drawn like antd's closed controls, with the
 * field's input, until first used; focus or a mouse press mounts antd's control in place, focused. Text
 * fields are the input antd's Input draws.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import '@app/i18n';
import { FormPage } from '../../engine/renderers/FormPage';
import { bigFormBundle } from '../bench/form/fixture';
import { renderWithUser, userWith } from './list-fixture';

const classesOf = (el: Element | null) => new Set((el?.className ?? '').split(/\s+/).filter((c) => c && !c.endsWith('-focused') && !c.endsWith('-open')));
const rootOf = (id: string, cls: string) => document.getElementById(id)!.closest(`.${cls}`);

describe('deferred date and dict widgets', () => {
  afterEach(cleanup);
  it('draws a date as antd draws it and mounts the antd picker, focused, on focus', async () => {
    renderWithUser(<FormPage bundle={bigFormBundle(30)} initial={{ f15: '2026-01-02' }} embedded />, userWith([]));
    await screen.findByText('字段5');
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
    expect((document.getElementById('root_f15') as HTMLInputElement).value).toBe('2026-01-02');
    const drawn = classesOf(rootOf('root_f5', 'ant-picker'));
    expect(drawn.has('ant-picker-outlined')).toBe(true);
    act(() => document.getElementById('root_f5')!.focus());
    // antd's picker, focused (its popup is drawn by the browser tests: happy-dom does not open it).
    await waitFor(() => expect(rootOf('root_f5', 'ant-picker')!.classList.contains('ant-picker-focused')).toBe(true));
    expect(document.activeElement?.id).toBe('root_f5');
    // antd's own picker carries the classes the drawn one had (same look before and after).
    expect(classesOf(rootOf('root_f5', 'ant-picker'))).toEqual(drawn);
  });

  it('clears a drawn date with its clear button', async () => {
    renderWithUser(<FormPage bundle={bigFormBundle(30)} initial={{ f15: '2026-01-02' }} embedded />, userWith([]));
    await screen.findByText('字段15');
    fireEvent.mouseDown(rootOf('root_f15', 'ant-picker')!.querySelector('.ant-picker-clear')!);
    await waitFor(() => expect((document.getElementById('root_f15') as HTMLInputElement).value).toBe(''));
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
  });

  it('shows a dict value by its label and opens antd select with its options on a press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithUser(<FormPage bundle={bigFormBundle(30)} initial={{ f16: '3' }} embedded />, userWith([]));
      await screen.findByText('字段6');
      expect(rootOf('root_f16', 'ant-select')!.textContent).toBe('三级');
      expect(rootOf('root_f6', 'ant-select')!.textContent).toBe('请选择');
      const drawn = classesOf(rootOf('root_f6', 'ant-select'));
      fireEvent.mouseDown(rootOf('root_f6', 'ant-select')!);
      await act(async () => void vi.advanceTimersByTime(10));
      const option = await waitFor(() => {
        const o = document.querySelector('.ant-select-item-option[title="二级"]');
        expect(o).toBeTruthy();
        return o!;
      });
      expect(document.activeElement?.id).toBe('root_f6');
      expect(classesOf(rootOf('root_f6', 'ant-select'))).toEqual(drawn);
      fireEvent.click(option);
      await waitFor(() => expect(rootOf('root_f6', 'ant-select')!.textContent).toBe('二级'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a text field as the input antd draws, and it edits the value', async () => {
    renderWithUser(
      <>
        <FormPage bundle={bigFormBundle(30)} embedded />
        <Input id="antd-input" />
      </>,
      userWith([]),
    );
    await screen.findByText('字段1');
    const input = document.getElementById('root_f1') as HTMLInputElement;
    expect(classesOf(input)).toEqual(classesOf(document.getElementById('antd-input')));
    expect(input.maxLength).toBe(200);
    fireEvent.change(input, { target: { value: '某某局' } });
    await waitFor(() => expect((document.getElementById('root_f1') as HTMLInputElement).value).toBe('某某局'));
  });
});
