/**
 * Where a drag on the form designer's canvas drops: canvasCollisions picks the innermost zone under
 * the pointer, the nearest control when the pointer is in the gap between two controls (the drop lands there,
 * not at the end of the form), the zone itself below its last control, never the dragged node or a zone inside
 * it, and follows the page when it scrolls during the drag.
 */
import { describe, expect, it } from 'vitest';
import type { ClientRect, CollisionDetection } from '@dnd-kit/core';
import { canvasCollisions } from '../../designer/form/FormDesigner';

type Args = Parameters<CollisionDetection>[0];
type Rects = Map<string, ClientRect>;

const box = (top: number, height: number, left = 0, width = 400): ClientRect => ({ top, left, width, height, bottom: top + height, right: left + width });

/**
 * A canvas: the top-level zone (0–500) with rows f1 (10–46), f2 (52–88), a section sec (94–294) whose zone
 * (120–290) holds c1 (126–162), and f3 (300–336); 6 px between controls.
 */
function canvas(): { rects: Rects; containers: Args['droppableContainers'] } {
  const rects: Rects = new Map([
    ['drop:root', box(0, 500)],
    ['f1', box(10, 36)],
    ['f2', box(52, 36)],
    ['sec', box(94, 200)],
    ['drop:sec', box(120, 170, 10, 380)],
    ['c1', box(126, 36, 16, 368)],
    ['f3', box(300, 36)],
  ]);
  const data: Record<string, object> = {
    'drop:root': { container: null, ancestors: [] },
    f1: { parent: null, ancestors: [] },
    f2: { parent: null, ancestors: [] },
    sec: { parent: null, ancestors: [] },
    'drop:sec': { container: 'sec', ancestors: ['sec'] },
    c1: { parent: 'sec', ancestors: ['sec'] },
    f3: { parent: null, ancestors: [] },
  };
  const containers = [...rects.keys()].map((id) => ({
    id,
    key: id,
    disabled: false,
    node: { current: null },
    rect: { current: null },
    data: { current: data[id] },
  })) as unknown as Args['droppableContainers'];
  return { rects, containers };
}

function over(active: string, x: number, y: number, c = canvas()): string | undefined {
  const args = {
    active: { id: active, data: { current: {} }, rect: { current: { initial: null, translated: null } } },
    collisionRect: box(y - 18, 36, x - 200, 400),
    droppableRects: c.rects,
    droppableContainers: c.containers,
    pointerCoordinates: { x, y },
  } as unknown as Args;
  return canvasCollisions(args)[0]?.id as string | undefined;
}

describe('canvasCollisions', () => {
  it('answers the control under the pointer, and the nearest one in the gap between two', () => {
    expect(over('f3', 200, 30)).toBe('f1');
    expect(over('f3', 200, 48)).toBe('f1'); // 2 px below f1, 4 px above f2
    expect(over('f3', 200, 51)).toBe('f2');
    expect(over('f1', 200, 297)).toBe('f3'); // between the section and f3
  });

  it('answers the innermost zone: a section inside the form, the form below its last control', () => {
    expect(over('f1', 200, 200)).toBe('drop:sec'); // in the section's zone, below c1
    expect(over('f1', 200, 140)).toBe('c1');
    expect(over('f1', 200, 105)).toBe('sec'); // the section's head
    expect(over('f1', 200, 450)).toBe('drop:root');
  });

  it('never answers the dragged node or a zone inside it', () => {
    // over its own place the section sees the form's zone, so the nearest other control of the form
    expect(over('sec', 200, 140)).toBe('f2');
    expect(over('sec', 200, 200)).toBe('f3');
    expect(over('c1', 200, 140)).toBe('drop:sec');
  });

  it('follows the page scrolled during the drag (the same measured rects, moved)', () => {
    const c = canvas();
    expect(over('f3', 200, 30, c)).toBe('f1');
    // dnd-kit's rects shift with the scroll offsets of their scrollable ancestors: 42 px scrolled down
    for (const [id, r] of c.rects) c.rects.set(id, box(r.top - 42, r.height, r.left, r.width));
    expect(over('f3', 200, 30, c)).toBe('f2');
  });
});
