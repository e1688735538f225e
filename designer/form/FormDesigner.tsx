/**
 * The form designer (DESIGN §3 designer/form): palette, canvas and inspector over the editing model
 * (./model), with dnd-kit drag and drop (from the palette, reordering, nesting into sections, tabs, grids and
 * sub-tables), undo / redo (buttons, Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z), keyboard commands on the selected control
 * (Alt+↑ / Alt+↓ move, Delete removes, Ctrl+C / Ctrl+V copy and paste) and a live preview through the engine's
 * FormPage; what would stop a publish (checkDesign) is listed above. Routes and server calls are the caller's:
 * it passes the design, a pinyin lookup and gets changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, Button, Segmented, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, RedoOutlined, SnippetsOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictDef } from '../../engine/schema/types';
import { Canvas, type CanvasDragData } from './Canvas';
import { Inspector } from './Inspector';
import { Palette } from './Palette';
import { Preview } from './Preview';
import {
  checkDesign,
  copyNode,
  insertFromPalette,
  insertTarget,
  isFieldKind,
  moveBy,
  moveNode,
  pasteNode,
  removeNode,
  type FormDesignState,
  type PaletteKind,
  type Target,
} from './model';
import { useFormDesign, type FormDesign } from './useFormDesign';

/** Props of FormDesigner. */
export interface FormDesignerProps {
  /** The design to edit (emptyForm for a new form, fromFormPage for a stored one). */
  initial: FormDesignState;
  /** Pinyin of a label: the caller's call of /api/Form/getpinyin answering its `pinyin`. */
  pinyin: (text: string) => Promise<string>;
  /** Every new state (after each command, undo or redo). */
  onChange?: (state: FormDesignState) => void;
  /** Shared dictionaries the fields may name (options in the preview and the condition builder). */
  dicts?: DictDef[];
  /** Exposes the designer's state and commands (tests, the page that hosts it). */
  onReady?: (design: FormDesign) => void;
}

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

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
 * never a zone inside the dragged node. Exported for tests.
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

/** Where a drop on `over` puts things. */
function dropTarget(data: CanvasDragData | undefined): Target | null {
  if (!data) return null;
  if ('container' in data && data.container !== undefined) return { parent: data.container };
  const sortable = (data as unknown as { sortable?: { index: number } }).sortable;
  return { parent: data.parent ?? null, index: sortable?.index };
}

/** The form designer (see the module comment). */
export function FormDesigner({ initial, pinyin, onChange, dicts = [], onReady }: FormDesignerProps) {
  const { t, i18n } = useTranslation('designer');
  const design = useFormDesign({ initial, pinyin, onChange });
  useEffect(() => {
    onReady?.(design);
  });
  const { state, selected, run } = design;
  const [mode, setMode] = useState<'design' | 'preview'>('design');
  const problems = useMemo(() => checkDesign(state, i18n.language === 'en-US' ? 'en-US' : 'zh-CN'), [state, i18n.language]);
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = useCallback(
    (kind: PaletteKind, target?: Target) =>
      void run((s, env) => insertFromPalette(s, kind, target ?? insertTarget(s.layout, selected, !isFieldKind(kind)), env), [design.defaultLabel(kind)]),
    [run, selected, design],
  );

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    if (!e.over) return;
    const target = dropTarget(e.over.data.current as CanvasDragData | undefined);
    if (!target) return;
    const palette = (e.active.data.current as { palette?: PaletteKind } | undefined)?.palette;
    if (palette) add(palette, target);
    else if (e.active.id !== e.over.id) void run((s) => moveNode(s, String(e.active.id), target));
  };

  const copy = () => {
    if (!selected) return;
    try {
      design.setClipboard(copyNode(state, selected));
    } catch {
      /* a tab: nothing to copy */
    }
  };
  const paste = () => {
    const clip = design.clipboard;
    if (clip) void run((s) => pasteNode(s, clip, insertTarget(s.layout, selected, !('field' in clip.node))));
  };

  // Keys on a canvas control: one callback for the designer's life (reads the latest state through a ref), so
  // that re-renders of the designer (a drag starting or ending, the inspector) leave the memoised canvas alone.
  const latest = useRef({ run, design, state });
  latest.current = { run, design, state };
  const onNodeKey = useCallback((e: KeyboardEvent, id: string) => {
    const { run, design, state } = latest.current;
    if (isTyping(e.target)) return;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      void run((s) => moveBy(s, id, e.key === 'ArrowUp' ? -1 : 1));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      void run((s) => removeNode(s, id));
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      try {
        design.setClipboard(copyNode(state, id));
      } catch {
        /* a tab: nothing to copy */
      }
    }
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (isTyping(e.target) || !(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) {
      e.preventDefault();
      design.undo();
    } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
      e.preventDefault();
      design.redo();
    } else if (k === 'v' && design.clipboard) {
      e.preventDefault();
      paste();
    }
  };

  const overlayKind = dragging?.startsWith('palette:') ? dragging.slice('palette:'.length) : null;
  return (
    <div className="oa-form-designer" data-testid="form-designer" onKeyDown={onKeyDown}>
      <Space style={{ marginBottom: 8 }}>
        <Tooltip title={t('toolbar.undo')}>
          <Button icon={<UndoOutlined />} aria-label={t('toolbar.undo')} disabled={!design.canUndo} onClick={design.undo} data-testid="designer-undo" />
        </Tooltip>
        <Tooltip title={t('toolbar.redo')}>
          <Button icon={<RedoOutlined />} aria-label={t('toolbar.redo')} disabled={!design.canRedo} onClick={design.redo} data-testid="designer-redo" />
        </Tooltip>
        {selected && (
          <>
            <Tooltip title={t('canvas.moveUp')}>
              <Button
                icon={<ArrowUpOutlined />}
                aria-label={t('canvas.moveUp')}
                data-testid="designer-move-up"
                onClick={() => void run((s) => moveBy(s, selected, -1))}
              />
            </Tooltip>
            <Tooltip title={t('canvas.moveDown')}>
              <Button
                icon={<ArrowDownOutlined />}
                aria-label={t('canvas.moveDown')}
                data-testid="designer-move-down"
                onClick={() => void run((s) => moveBy(s, selected, 1))}
              />
            </Tooltip>
            <Tooltip title={t('canvas.copy')}>
              <Button icon={<CopyOutlined />} aria-label={t('canvas.copy')} data-testid="designer-copy" onClick={copy} />
            </Tooltip>
            <Tooltip title={t('canvas.remove')}>
              <Button
                icon={<DeleteOutlined />}
                danger
                aria-label={t('canvas.remove')}
                data-testid="designer-remove"
                onClick={() => void run((s) => removeNode(s, selected))}
              />
            </Tooltip>
          </>
        )}
        <Tooltip title={t('canvas.paste')}>
          <Button icon={<SnippetsOutlined />} aria-label={t('canvas.paste')} data-testid="designer-paste" disabled={!design.clipboard} onClick={paste} />
        </Tooltip>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'design' | 'preview')}
          options={[
            { value: 'design', label: <span data-testid="designer-mode-design">{t('toolbar.design')}</span> },
            { value: 'preview', label: <span data-testid="designer-mode-preview">{t('toolbar.preview')}</span> },
          ]}
        />
      </Space>
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="designer-problems"
          title={t('problem.title')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {problems.map((p, i) => (
                <li key={i}>
                  <Typography.Link onClick={() => design.select(p.id)}>{t(`problem.${p.code}`, { message: p.message ?? '' })}</Typography.Link>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {mode === 'preview' ? (
        <Preview state={state} revision={design.revision} dicts={dicts} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={canvasCollisions}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
        >
          <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <div style={{ width: 160, flex: 'none', position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
              <Palette onAdd={add} />
            </div>
            <div
              style={{ flex: 1, minWidth: 0, border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, background: '#fafafa' }}
              onClick={() => design.select(null)}
            >
              <Canvas state={state} selected={selected} onSelect={design.select} onKey={onNodeKey} />
            </div>
            <div style={{ width: 320, flex: 'none', position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
              <Inspector design={design} dicts={dicts} />
            </div>
          </div>
          <DragOverlay>
            {overlayKind ? (
              <div style={{ padding: '4px 8px', background: '#fff', border: '1px solid #1677ff', borderRadius: 4 }}>{t(`palette.${overlayKind}`)}</div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
    </div>
  );
}
