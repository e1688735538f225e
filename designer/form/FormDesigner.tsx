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
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, Button, Segmented, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, RedoOutlined, SnippetsOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictDef } from '../../engine/schema/types';
import { Canvas, type CanvasDragData } from './Canvas';
import { canvasCollisions } from './collisions';
import { dropLineFor, showLine, type DragPlace } from './dropLine';
import { PaletteIcon } from './paletteIcons';
import './formdesigner.css';
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

/** Canvas collision detection (./collisions), exported here for tests. */
export { canvasCollisions };

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

  // The insertion line, placed by hand on every move (./dropLine) so that a drag does not render the designer.
  const canvasBox = useRef<HTMLDivElement>(null);
  const lineEl = useRef<HTMLDivElement>(null);
  const placeLine = (e: DragMoveEvent | null) => {
    if (!lineEl.current) return;
    const place: DragPlace | null =
      e && canvasBox.current
        ? {
            activeId: String(e.active.id),
            active: e.active.data.current as DragPlace['active'],
            overId: e.over ? String(e.over.id) : null,
            over: e.over?.data.current as CanvasDragData | undefined,
          }
        : null;
    showLine(lineEl.current, place && canvasBox.current ? dropLineFor(canvasBox.current, place) : null);
  };

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    placeLine(null);
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
          onDragOver={placeLine}
          onDragMove={placeLine}
          onDragEnd={onDragEnd}
          onDragCancel={() => {
            setDragging(null);
            placeLine(null);
          }}
        >
          <div className="oa-formd-body">
            <div className="oa-formd-side" style={{ width: 160 }}>
              <Palette onAdd={add} />
            </div>
            <div className="oa-formd-canvas" ref={canvasBox} onClick={() => design.select(null)}>
              <Canvas state={state} selected={selected} onSelect={design.select} onKey={onNodeKey} />
              <div ref={lineEl} className="oa-formd-drop-line" data-testid="designer-drop-line" aria-hidden style={{ display: 'none' }} />
            </div>
            <div className="oa-formd-side" style={{ width: 320 }}>
              <Inspector design={design} dicts={dicts} />
            </div>
          </div>
          <DragOverlay>
            {overlayKind ? (
              <div className="oa-formd-palette-entry oa-formd-overlay">
                <PaletteIcon kind={overlayKind as PaletteKind} />
                <span>{t(`palette.${overlayKind}`)}</span>
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
    </div>
  );
}
