/**
 * The insertion line of the form designer's canvas: while something is dragged, a blue line shows where it
 * will land — above the control it is over, below the last control of the zone it is over, or across an empty
 * zone; vertical between the columns of a sub-table. Reordering within one container needs no line (the
 * controls move aside to show the gap). The line is one element placed by hand on every drag move, so a drag
 * never renders the designer again. Geometry in px, relative to the canvas box (its padding box, scrolled
 * content included).
 */
import type { CanvasDragData } from './Canvas';

/** A line box relative to the canvas: `vertical` lines are 2 px wide, others 2 px tall. */
export interface LineBox {
  top: number;
  left: number;
  length: number;
  vertical: boolean;
}

type Rect = Pick<DOMRect, 'top' | 'left' | 'width' | 'height'>;

/** Gap between a control and the line (half the 6 px margin between controls). */
const GAP = 3;

/**
 * Where the line goes for a drop `where` relative to `rect` (the control or the empty zone), both rects in
 * viewport coordinates, `box` the canvas's rect and `scroll` its scroll offsets.
 */
export function lineBox(where: 'before' | 'after' | 'inside', rect: Rect, horizontal: boolean, box: Rect, scroll = { top: 0, left: 0 }): LineBox {
  const top = rect.top - box.top + scroll.top;
  const left = rect.left - box.left + scroll.left;
  if (horizontal) {
    const x = where === 'before' ? left - GAP : where === 'after' ? left + rect.width + GAP : left + 6;
    return { top, left: x - 1, length: rect.height, vertical: true };
  }
  const y = where === 'before' ? top - GAP : where === 'after' ? top + rect.height + GAP : top + Math.min(rect.height / 2, 18);
  return { top: y - 1, left, length: rect.width, vertical: false };
}

/** What dnd-kit tells of a drag: the dragged id and its data, the id and data of what it is over. */
export interface DragPlace {
  activeId: string;
  active?: { parent?: string | null; palette?: string } | null;
  overId: string | null;
  over?: CanvasDragData | null;
}

const byTestId = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`);

/** The line for drag `d` over the canvas `canvas` (the element holding the zones), or null for none. */
export function dropLineFor(canvas: HTMLElement, d: DragPlace): LineBox | null {
  if (!d.overId || !d.over) return null;
  const box = canvas.getBoundingClientRect();
  const scroll = { top: canvas.scrollTop, left: canvas.scrollLeft };
  const zoneOf = (container: string | null) => byTestId(canvas, `canvas-zone-${container ?? 'root'}`);
  if (d.over.container !== undefined) {
    const zone = zoneOf(d.over.container);
    if (!zone) return null;
    const horizontal = zone.dataset.horizontal === 'true';
    const items = [...zone.children].filter((c): c is HTMLElement => c instanceof HTMLElement && !!c.dataset.testid?.startsWith('canvas-node-'));
    const last = items.filter((c) => c.dataset.testid !== `canvas-node-${d.activeId}`).pop();
    return last
      ? lineBox('after', last.getBoundingClientRect(), horizontal, box, scroll)
      : lineBox('inside', zone.getBoundingClientRect(), horizontal, box, scroll);
  }
  // over a control: it lands before that control, unless the drag reorders its own container
  const parent = d.over.parent ?? null;
  if (!d.active?.palette && d.active?.parent !== undefined && (d.active.parent ?? null) === parent) return null;
  if (d.overId === d.activeId) return null;
  const el = byTestId(canvas, `canvas-node-${d.overId}`);
  if (!el) return null;
  const horizontal = zoneOf(parent)?.dataset.horizontal === 'true';
  return lineBox('before', el.getBoundingClientRect(), horizontal, box, scroll);
}

/** Shows `line` on element `el` (hidden when null). */
export function showLine(el: HTMLElement, line: LineBox | null): void {
  if (!line) {
    el.style.display = 'none';
    return;
  }
  el.style.display = 'block';
  el.style.top = `${line.top}px`;
  el.style.left = `${line.left}px`;
  el.style.width = line.vertical ? '2px' : `${line.length}px`;
  el.style.height = line.vertical ? `${line.length}px` : '2px';
}
