/**
 * The canvas of the form designer: the layout tree as nested sortable lists (dnd-kit) — the top
 * level, sections, grids and tabs hold controls, a sub-table holds its columns. Each control shows its label,
 * key and kind; the selected one is outlined and takes keyboard commands (FormDesigner). Every container is
 * also a drop zone (`drop:<id>`, `drop:root`) so empty ones take drops; the top-level zone fills the canvas, so a
 * drop anywhere below the last control lands at the end.
 */
import { memo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayoutNode, Text } from '../../engine/schema/types';
import { kindOfProperty, labelOf, type AnyNode, type FormDesignState } from './model';

/** Drag data of canvas items and drop zones: the container an item sits in, and the ids above it. */
export interface CanvasDragData {
  parent?: string | null;
  container?: string | null;
  ancestors: string[];
}

/** Id of a container's drop zone. */
export const dropId = (container: string | null) => `drop:${container ?? 'root'}`;

interface ViewProps {
  state: FormDesignState;
  selected: string | null;
  onSelect: (id: string) => void;
  onKey: (e: KeyboardEvent, id: string) => void;
}

function useText(state: FormDesignState) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return (text: Text | undefined, fallback = '') => (text ? labelOf(state, text)[en ? 'en' : 'zh'] || fallback : fallback);
}

/** What a row needs to draw itself: whether it is selected and the callbacks of the canvas (stable across renders). */
interface ItemProps {
  id: string;
  parent: string | null;
  ancestors: string[];
  selected: boolean;
  onSelect: (id: string) => void;
  onKey: (e: KeyboardEvent, id: string) => void;
  children: ReactNode;
  horizontal?: boolean;
}

/**
 * A sortable control. dnd-kit re-renders every useSortable caller when the drop position changes during a drag;
 * that render stays cheap because `children` are elements made by the caller (unchanged, so React skips them).
 */
function Item({ id, parent, ancestors, selected, onSelect, onKey, children, horizontal }: ItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, data: { parent, ancestors } satisfies CanvasDragData });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
    border: `1px ${selected ? 'solid #1677ff' : 'dashed #d9d9d9'}`,
    boxShadow: selected ? '0 0 0 1px #1677ff' : undefined,
    borderRadius: 4,
    padding: 6,
    margin: horizontal ? '0 6px 0 0' : '0 0 6px',
    background: '#fff',
    minWidth: horizontal ? 100 : undefined,
  };
  return (
    <div
      ref={setNodeRef}
      style={style}
      {...attributes}
      // a control holds its own controls (a section its fields): a focusable group, not a button around buttons
      role="group"
      aria-pressed={undefined}
      {...listeners}
      data-testid={`canvas-node-${id}`}
      data-selected={selected || undefined}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(id);
      }}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return; // a key on a nested control is that control's
        onKey(e, id);
        if (!e.defaultPrevented) listeners?.onKeyDown?.(e);
      }}
    >
      {children}
    </div>
  );
}

/** The head line of a control: its label and, after it, a tag and a kind. */
function Head({ id, label, tag, kind }: { id: string; label: string; tag?: string; kind?: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 13 }}>
      <span data-testid={`canvas-label-${id}`}>{label}</span>
      {tag !== undefined && <Tag>{tag}</Tag>}
      {kind !== undefined && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {kind}
        </Typography.Text>
      )}
    </div>
  );
}

type RowProps = Omit<ItemProps, 'children'> & { label: string; tag?: string; kind?: string };

/**
 * A control without children (field, description text, sub-table column) drawn from plain values, so that a
 * change elsewhere in the form (every command answers a deep copy of the state) leaves the other rows as they
 * are: only rows whose label, tag, kind, place or selection changed render again.
 */
const Row = memo(
  function Row({ label, tag, kind, ...item }: RowProps) {
    return (
      <Item {...item}>
        <Head id={item.id} label={label} tag={tag} kind={kind} />
      </Item>
    );
  },
  (a, b) =>
    a.id === b.id &&
    a.parent === b.parent &&
    a.label === b.label &&
    a.tag === b.tag &&
    a.kind === b.kind &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onKey === b.onKey &&
    a.horizontal === b.horizontal &&
    a.ancestors.join('/') === b.ancestors.join('/'),
);

function Zone({
  container,
  ancestors,
  items,
  view,
  horizontal,
  children,
}: {
  container: string | null;
  ancestors: string[];
  items: string[];
  view: ViewProps;
  horizontal?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('designer');
  const { setNodeRef, isOver } = useDroppable({ id: dropId(container), data: { container, ancestors } satisfies CanvasDragData });
  void view;
  return (
    <SortableContext items={items} strategy={horizontal ? horizontalListSortingStrategy : verticalListSortingStrategy}>
      <div
        ref={setNodeRef}
        data-testid={`canvas-zone-${container ?? 'root'}`}
        data-horizontal={horizontal || undefined}
        className={container === null ? 'oa-formd-root-zone' : undefined}
        style={{
          display: horizontal ? 'flex' : 'block',
          flexWrap: 'wrap',
          minHeight: 36,
          padding: 6,
          background: isOver ? '#e6f4ff' : undefined,
          borderRadius: 4,
        }}
      >
        {children}
        {!items.length && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(container === null ? 'canvas.empty' : 'canvas.dropHere')}
          </Typography.Text>
        )}
      </div>
    </SortableContext>
  );
}

function NodeView({ node, parent, ancestors, view }: { node: AnyNode; parent: string | null; ancestors: string[]; view: ViewProps }) {
  const { t } = useTranslation('designer');
  const tx = useText(view.state);
  const inner = [...ancestors, node.id];
  const item = { id: node.id, parent, ancestors, selected: view.selected === node.id, onSelect: view.onSelect, onKey: view.onKey };
  switch (node.type) {
    case 'section':
    case 'tab':
    case 'grid':
      return (
        <Item {...item}>
          <Head
            id={node.id}
            label={node.type === 'grid' ? `${t('palette.grid')} × ${node.columns}` : tx(node.title, t(`palette.${node.type}`))}
            tag={t(`palette.${node.type === 'tab' ? 'tab' : node.type}`)}
          />
          <Children nodes={node.children} container={node.id} ancestors={inner} view={view} />
        </Item>
      );
    case 'tabs':
      return (
        <Item {...item}>
          <Head id={node.id} label={t('palette.tabs')} />
          <Zone container={node.id} ancestors={inner} items={node.children.map((c) => c.id)} view={view}>
            {node.children.map((tab) => (
              <NodeView key={tab.id} node={tab} parent={node.id} ancestors={inner} view={view} />
            ))}
          </Zone>
        </Item>
      );
    case 'text':
      return <Row {...item} label={tx(node.text)} tag={t('palette.description')} />;
    case 'subtable': {
      const rows = ((view.state.model.properties[node.field]?.items as { properties?: FormDesignState['model']['properties'] } | undefined)?.properties ??
        {}) as FormDesignState['model']['properties'];
      return (
        <Item {...item}>
          <Head id={node.id} label={tx(view.state.model.properties[node.field]?.['x-title'], node.field)} tag={node.field} />
          <Zone container={node.id} ancestors={inner} items={node.columns.map((c) => c.id)} view={view} horizontal>
            {node.columns.map((c) => (
              <Row
                key={c.id}
                id={c.id}
                parent={node.id}
                ancestors={inner}
                selected={view.selected === c.id}
                onSelect={view.onSelect}
                onKey={view.onKey}
                horizontal
                label={tx(rows[c.field]?.['x-title'], c.field)}
                tag={c.field}
              />
            ))}
          </Zone>
        </Item>
      );
    }
    default: {
      const p = view.state.model.properties[node.field];
      const required = (view.state.model.required ?? []).includes(node.field);
      const kind = t(`palette.${node.type === 'attachments' ? 'attachments' : kindOfProperty(p)}`);
      return <Row {...item} label={`${required ? '* ' : ''}${tx(p?.['x-title'], node.field)}`} tag={node.field} kind={kind} />;
    }
  }
}

function Children({ nodes, container, ancestors, view }: { nodes: LayoutNode[]; container: string | null; ancestors: string[]; view: ViewProps }) {
  return (
    <Zone container={container} ancestors={ancestors} items={nodes.map((n) => n.id)} view={view}>
      {nodes.map((n) => (
        <NodeView key={n.id} node={n} parent={container} ancestors={ancestors} view={view} />
      ))}
    </Zone>
  );
}

/** The canvas (see the module comment). */
export const Canvas = memo(function Canvas(props: ViewProps) {
  return (
    <div data-testid="designer-canvas">
      <Children nodes={props.state.layout} container={null} ancestors={[]} view={props} />
    </div>
  );
});
