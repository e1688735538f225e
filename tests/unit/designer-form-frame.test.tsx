/**
 * The form designer's frame in happy-dom: every palette entry shows its icon before its name; the insertion
 * line (designer/form dropLine) sits above the control a drag is over, below the last control of a zone, across
 * an empty zone, upright between sub-table columns, and is not drawn while a container reorders itself; the
 * design page's full-screen toggle (designer/shared Fullscreen) fills the viewport and Esc leaves it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Card } from 'antd';
import '@app/i18n';
import { i18n } from '@app/i18n';
import { FormDesigner, emptyForm, PALETTE } from '../../designer/form';
import { PALETTE_ICONS } from '../../designer/form/paletteIcons';
import { dropLineFor, showLine, type DragPlace } from '../../designer/form/dropLine';
import { DesignHeader } from '../../designer/shared/DesignParts';
import { FULLSCREEN_CLASS, useFullscreen } from '../../designer/shared/Fullscreen';
import { renderWithUser, userWith } from './list-fixture';
import { serverPinyin } from './designer-form-fixture';

afterEach(cleanup);

type R = { top: number; left: number; width: number; height: number };
const el = (testid: string, rect: R, children: HTMLElement[] = [], attrs: Record<string, string> = {}) => {
  const e = document.createElement('div');
  e.dataset.testid = testid;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  Object.defineProperty(e, 'getBoundingClientRect', { value: () => ({ ...rect, right: rect.left + rect.width, bottom: rect.top + rect.height }) });
  e.append(...children);
  return e;
};

/**
 * A canvas box at (100, 50): the top-level zone holds f1 (60–96) and f2 (102–138), an empty section zone
 * (150–186) and a sub-table whose columns c1 (x 120–220) and c2 (226–326) stand side by side.
 */
function canvas() {
  const root = el('canvas-zone-root', { top: 54, left: 104, width: 600, height: 700 }, [
    el('canvas-node-f1', { top: 60, left: 110, width: 580, height: 36 }),
    el('canvas-node-f2', { top: 102, left: 110, width: 580, height: 36 }),
    el('canvas-zone-sec', { top: 150, left: 116, width: 560, height: 36 }),
    el(
      'canvas-zone-sub',
      { top: 200, left: 116, width: 560, height: 40 },
      [el('canvas-node-c1', { top: 204, left: 120, width: 100, height: 32 }), el('canvas-node-c2', { top: 204, left: 226, width: 100, height: 32 })],
      { 'data-horizontal': 'true' },
    ),
  ]);
  const box = el('box', { top: 50, left: 100, width: 620, height: 720 }, [root]);
  document.body.append(box);
  return box;
}

const palette = (overId: string, over: DragPlace['over']): DragPlace => ({ activeId: 'palette:text', active: { palette: 'text' }, overId, over });

describe('form designer frame', () => {
  it('shows an icon before the name of every palette entry', () => {
    void i18n.changeLanguage('zh-CN');
    const blank = emptyForm({ id: 'leave.request.form', entity: 'leave.request', title: { t: 'leave.request.page.form', d: '请假申请' } });
    renderWithUser(<FormDesigner initial={blank} pinyin={async (t) => serverPinyin(t)} />, userWith([]));
    for (const p of PALETTE) {
      expect(PALETTE_ICONS[p.kind]).toBeTruthy();
      const entry = screen.getByTestId(`palette-${p.kind}`);
      expect(entry.querySelector('.anticon svg')).not.toBeNull();
      expect(entry.textContent).toBe(i18n.t(`palette.${p.kind}`, { ns: 'designer' }));
    }
    expect(screen.getByTestId('palette-money').textContent).toBe('金额');
    expect(screen.getByTestId('designer-drop-line').style.display).toBe('none');
  });

  it('places the insertion line where the drop lands', () => {
    const box = canvas();
    // over f2 from the palette: just above f2 (3 px into the gap), as wide as f2
    expect(dropLineFor(box, palette('f2', { parent: null, ancestors: [] }))).toEqual({ top: 102 - 50 - 3 - 1, left: 10, length: 580, vertical: false });
    // over the top-level zone (the empty area below the last control): just below f2
    expect(dropLineFor(box, palette('drop:root', { container: null, ancestors: [] }))).toEqual({
      top: 138 - 50 + 3 - 1,
      left: 10,
      length: 580,
      vertical: false,
    });
    // over an empty section: across it
    expect(dropLineFor(box, palette('drop:sec', { container: 'sec', ancestors: ['sec'] }))?.top).toBe(150 - 50 + 18 - 1);
    // between sub-table columns: an upright line left of c2
    expect(dropLineFor(box, palette('c2', { parent: 'sub', ancestors: ['sub'] }))).toEqual({ top: 154, left: 226 - 100 - 3 - 1, length: 32, vertical: true });
    // f1 moved into the section: a line; f1 reordered among its siblings: none (they move aside)
    const move = (overId: string, over: DragPlace['over']): DragPlace => ({ activeId: 'f1', active: { parent: null }, overId, over });
    expect(dropLineFor(box, move('drop:sec', { container: 'sec', ancestors: ['sec'] }))).not.toBeNull();
    expect(dropLineFor(box, move('f2', { parent: null, ancestors: [] }))).toBeNull();
    expect(dropLineFor(box, palette('', null))).toBeNull();
  });

  it('draws the line as a 2 px bar and hides it when the drag ends', () => {
    const line = document.createElement('div');
    showLine(line, { top: 40, left: 10, length: 580, vertical: false });
    expect([line.style.display, line.style.top, line.style.width, line.style.height]).toEqual(['block', '40px', '580px', '2px']);
    showLine(line, { top: 4, left: 20, length: 32, vertical: true });
    expect([line.style.width, line.style.height]).toEqual(['2px', '32px']);
    showLine(line, null);
    expect(line.style.display).toBe('none');
  });

  it('fills the viewport in full screen and leaves it with Esc or the button', () => {
    void i18n.changeLanguage('zh-CN');
    function Page() {
      const full = useFullscreen();
      return (
        <Card data-testid="page" className={full.on ? FULLSCREEN_CLASS : undefined}>
          <DesignHeader
            ns="formset"
            prefix="form"
            title="请假申请"
            subtitle=""
            status={null}
            dirty={false}
            busy={false}
            canDiscard={false}
            onBack={() => undefined}
            onDiscard={() => undefined}
            onSave={() => undefined}
            onPublish={() => undefined}
            fullscreen={full}
          />
          <input data-testid="open-select" aria-expanded="true" />
          <div data-testid="dragging" aria-roledescription="sortable" aria-pressed="true" tabIndex={0} />
        </Card>
      );
    }
    render(
      <App>
        <Page />
      </App>,
    );
    const button = screen.getByTestId('form-fullscreen');
    expect(button.getAttribute('aria-label')).toBe('全屏设计');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(screen.getByTestId('page').classList.contains(FULLSCREEN_CLASS)).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('退出全屏（Esc）');
    expect(document.body.style.overflow).toBe('hidden');
    // Esc in an open select closes the select, not full screen
    fireEvent.keyDown(screen.getByTestId('open-select'), { key: 'Escape' });
    expect(screen.getByTestId('page').classList.contains(FULLSCREEN_CLASS)).toBe(true);
    // Esc during a keyboard drag cancels the drag, not full screen
    fireEvent.keyDown(screen.getByTestId('dragging'), { key: 'Escape' });
    expect(screen.getByTestId('page').classList.contains(FULLSCREEN_CLASS)).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByTestId('page').classList.contains(FULLSCREEN_CLASS)).toBe(false);
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.getByTestId('page').classList.contains(FULLSCREEN_CLASS)).toBe(false);
  });
});
