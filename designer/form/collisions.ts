/**
 * Collision detection of the form designer's canvas (dnd-kit): which drop zone or control a drag is over, for
 * nested zones (sections, tabs, grids, sub-tables inside the top level). Pure of React.
 */
import type { CollisionDetection } from '@dnd-kit/core';
import type { CanvasDragData } from './Canvas';

type Box = { top: number; left: number; width: number; height: number };

/**
 * Plain copies of dnd-kit's measured drop-zone rects, one per measurement (the Map dnd-kit keeps until it
 * measures again). dnd-kit's rects are getters that read the scroll offsets of the node's scrollable ancestors
 * on every access — 4 reads per zone per pointer move, 800 on a 200-field form; all canvas zones share their
 * scrollable ancestors, so one zone's rect read now tells how far they all moved since the copy.
 */
const plainRects = new WeakMap<object, { boxes: Map<string | number, Box>; ref: string | number; top: number; left: number }>();

function currentRects(rects: Parameters<CollisionDetection>[0]['droppableRects']): (id: string | number) => Box | undefined {
  let copy = plainRects.get(rects);
  if (!copy) {
    const boxes = new Map<string | number, Box>();
    for (const [id, r] of rects) boxes.set(id, { top: r.top, left: r.left, width: r.width, height: r.height });
    const ref = boxes.keys().next().value;
    if (ref === undefined) return () => undefined;
    copy = { boxes, ref, top: boxes.get(ref)!.top, left: boxes.get(ref)!.left };
    plainRects.set(rects, copy);
  }
  const now = rects.get(copy.ref);
  const dy = now ? now.top - copy.top : 0;
  const dx = now ? now.left - copy.left : 0;
  const { boxes } = copy;
  return (id) => {
    const b = boxes.get(id);
    return b && { top: b.top + dy, left: b.left + dx, width: b.width, height: b.height };
  };
}

/**
 * Nested drop zones: the innermost (smallest) zone under the pointer wins — within the span of a container's
 * controls, the nearest of them; with none under it, the zone whose centre is closest to the dragged rect's;
 * never a zone inside the dragged node.
 */
export const canvasCollisions: CollisionDetection = (args) => {
  const active = String(args.active.id);
  const rect = currentRects(args.droppableRects);
  const p = args.pointerCoordinates;
  type Hit = { c: (typeof args.droppableContainers)[number]; value: number };
  let best: Hit | null = null as Hit | null;
  let closest: Hit | null = null as Hit | null;
  const cx = args.collisionRect.left + args.collisionRect.width / 2;
  const cy = args.collisionRect.top + args.collisionRect.height / 2;
  for (const c of args.droppableContainers) {
    const d = c.data.current as CanvasDragData | undefined;
    if (c.id === active || (d?.ancestors ?? []).includes(active)) continue;
    const r = rect(c.id);
    if (!r) continue;
    if (p && r.left <= p.x && p.x <= r.left + r.width && r.top <= p.y && p.y <= r.top + r.height) {
      const area = r.width * r.height;
      if (!best || area < best.value) best = { c, value: area };
    } else if (!best) {
      const dist = Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy);
      if (!closest || dist < closest.value) closest = { c, value: dist };
    }
  }
  // In a gap between the controls of a zone (their margins), the nearest control: a drop there lands between
  // them, not at the zone's end, and the drop position does not flicker to the zone between two rows.
  const zone = best && (best.c.data.current as CanvasDragData | undefined)?.container;
  if (best && p && zone !== undefined) {
    let span: { top: number; left: number; bottom: number; right: number } | null = null;
    let near: Hit | null = null as Hit | null;
    for (const c of args.droppableContainers) {
      const d = c.data.current as CanvasDragData | undefined;
      if (c.id === active || d?.container !== undefined || d?.parent === undefined || d.parent !== zone) continue;
      const r = rect(c.id);
      if (!r) continue;
      span = span
        ? {
            top: Math.min(span.top, r.top),
            left: Math.min(span.left, r.left),
            bottom: Math.max(span.bottom, r.top + r.height),
            right: Math.max(span.right, r.left + r.width),
          }
        : { top: r.top, left: r.left, bottom: r.top + r.height, right: r.left + r.width };
      const dist = Math.hypot(r.left + r.width / 2 - p.x, r.top + r.height / 2 - p.y);
      if (!near || dist < near.value) near = { c, value: dist };
    }
    if (near && span && span.top <= p.y && p.y <= span.bottom && span.left <= p.x && p.x <= span.right) best = near;
  }
  const hit = best ?? closest;
  return hit ? [{ id: hit.c.id, data: { droppableContainer: hit.c, value: hit.value } }] : [];
};
