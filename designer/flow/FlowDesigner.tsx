/**
 * The flow designer (DESIGN §5): the flow tree drawn with React Flow, laid out automatically
 * (designer/flow/model layoutFlow, dagre); "+" on every edge inserts a node or a branch set there; a split's
 * button adds a branch; clicking a node or a branch opens its property panel; every change is a command with
 * undo / redo (buttons, Ctrl+Z / Ctrl+Shift+Z); validation runs on every change and its problems are shown on
 * the nodes and branches and counted in the toolbar; the view fits the flow again when nodes come or go. Routes
 * and server calls are the caller's: it gives the definition and the entity model and receives each new
 * definition through `onChange`.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Controls, ReactFlow, Position, getViewportForBounds, useReactFlow, useStore, type NodeHandle, type Rect } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { App, Button, Empty, Popover, Space, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseOutlined, RedoOutlined, UndoOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlowDef } from '../../engine/flow/types';
import type { EntityModel, Text } from '../../engine/schema/types';
import { BranchPanel } from './BranchPanel';
import { EDGE_TYPES, NODE_TYPES, type CanvasEdge, type CanvasNode } from './canvas';
import { DesignerContext, type DesignerContextValue, type Selection } from './context';
import {
  DesignerError,
  canRedo,
  canUndo,
  createHistory,
  execute,
  findBranch,
  findNode,
  layoutFlow,
  problemsByNode,
  redo,
  reset,
  undo,
  validateForPublish,
  type DesignerProblem,
  type FlowCommand,
  type FlowHistory,
  type Titles,
} from './model';
import { NodePanel } from './NodePanel';
import { useAssigneeNames } from './assigneeNames';
import './flowdesigner.css';

/** Props of FlowDesigner. */
export interface FlowDesignerProps {
  /** The definition to edit; a new object (e.g. another revision loaded) restarts the history. */
  definition: FlowDef;
  /** The flow's entity model: fields for permissions and rules, types for the conditions. */
  model?: EntityModel;
  /** Registered service actions (offered on service nodes, unknown ones reported). */
  services?: string[];
  /** Ids of older revisions never to reuse. */
  reservedIds?: string[];
  /** Each new definition after a command, undo or redo. */
  onChange?: (def: FlowDef, problems: DesignerProblem[]) => void;
  /** A definition text in the reader's language (default: its zh-CN default). */
  text?: (t: Text) => string;
  /** Canvas height in px (default 640). */
  height?: number;
}

const plainText = (t: Text) => t?.d ?? '';

/** The handles of a node at the middle of its top and bottom edges (so edges are drawn before any measuring). */
const handlesOf = (w: number, h: number): NodeHandle[] => [
  { id: null, type: 'target', position: Position.Top, x: w / 2, y: 0, width: 1, height: 1 },
  { id: null, type: 'source', position: Position.Bottom, x: w / 2, y: h, width: 1, height: 1 },
];

const FIT = { padding: 0.1, maxZoom: 1 };

/**
 * Fits the view again when nodes come or go (`shape`: the canvas node ids; `bounds`: the laid-out flow), so a node
 * inserted below the fold or a branch set widening the flow stays in sight; not on the first render (ReactFlow's
 * own fitView) and not for a flow too tall to fit readably (`enabled` false). The viewport is computed from the
 * layout and set directly. Inside ReactFlow.
 */
function FitOnShapeChange({ shape, bounds, enabled }: { shape: string; bounds: Rect; enabled: boolean }) {
  const { setViewport } = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const minZoom = useStore((s) => s.minZoom);
  const last = useRef(shape);
  useEffect(() => {
    if (!enabled || shape === last.current || !width || !height) return;
    last.current = shape;
    void setViewport(getViewportForBounds(bounds, width, height, minZoom, FIT.maxZoom, FIT.padding));
  }, [shape, bounds, enabled, width, height, minZoom, setViewport]);
  return null;
}

/** The designer (see the module comment). */
export function FlowDesigner({ definition, model, services, reservedIds, onChange, text = plainText, height = 640 }: FlowDesignerProps) {
  const { t, i18n } = useTranslation('flowdesigner');
  const { message } = App.useApp();
  const titles = useMemo<Titles>(() => ({ node: (type) => t(`newTitle.${type}`), branch: (kind, n) => t(`newTitle.${kind}`, { n }) }), [t]);
  const [history, setHistory] = useState<FlowHistory>(() => createHistory(definition, { titles, reservedIds }));
  const ref = useRef(history);
  const [selection, setSelection] = useState<Selection>(null);
  const def = history.present;
  const locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const problems = useMemo(() => validateForPublish(def, { model, services, locale }), [def, model, services, locale]);
  const byNode = useMemo(() => problemsByNode(problems), [problems]);

  // A new definition from the caller (not one this designer sent out) starts a new history.
  useEffect(() => {
    if (definition !== ref.current.present) commit(reset(ref.current, definition), false);
  }, [definition]); // eslint-disable-line react-hooks/exhaustive-deps

  const commit = useCallback(
    (next: FlowHistory, notify = true) => {
      if (next === ref.current) return;
      ref.current = next;
      setHistory(next);
      if (notify) onChange?.(next.present, validateForPublish(next.present, { model, services, locale }));
    },
    [onChange, model, services, locale],
  );

  const run = useCallback(
    (cmd: FlowCommand): boolean => {
      try {
        const next = execute(ref.current, cmd);
        commit(next);
        if (next.created) setSelection({ kind: findBranch(next.present, next.created) ? 'branch' : 'node', id: next.created });
        return true;
      } catch (e) {
        if (e instanceof DesignerError) void message.error(t(e.key, e.params));
        else throw e;
        return false;
      }
    },
    [commit, message, t],
  );
  const doUndo = () => commit(undo(ref.current));
  const doRedo = () => commit(redo(ref.current));
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA') return;
    e.preventDefault();
    if (e.shiftKey) doRedo();
    else doUndo();
  };

  const layout = useMemo(() => layoutFlow(def, { title: text, problems }), [def, text, problems]);
  const nodes = useMemo<CanvasNode[]>(
    () =>
      layout.nodes.map((n) => ({
        ...n,
        handles: handlesOf(n.width, n.height),
        selected: (selection?.kind === 'node' && selection.id === n.id) || (selection?.kind === 'branch' && n.data.branchId === selection.id),
        draggable: false,
        connectable: false,
      })),
    [layout, selection],
  );
  const edges = useMemo<CanvasEdge[]>(() => layout.edges.map((e) => ({ ...e, selectable: false, focusable: false })), [layout]);

  // A flow taller than about twice the canvas opens at the top, readable, instead of shrunk to fit (scroll pans).
  const fits = layout.height <= height * 2;
  const shape = useMemo(() => layout.nodes.map((n) => n.id).join(' '), [layout]);
  const bounds = useMemo<Rect>(() => {
    const xs = layout.nodes.map((n) => n.position.x);
    const ys = layout.nodes.map((n) => n.position.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return {
      x,
      y,
      width: Math.max(...layout.nodes.map((n) => n.position.x + n.width)) - x,
      height: Math.max(...layout.nodes.map((n) => n.position.y + n.height)) - y,
    };
  }, [layout]);

  const names = useAssigneeNames(def);
  const ctx = useMemo<DesignerContextValue>(
    () => ({ def, run, selection, select: setSelection, text, names, model }),
    [def, run, selection, text, names, model],
  );
  const selNode = selection?.kind === 'node' ? findNode(def, selection.id) : undefined;
  const selBranch = selection?.kind === 'branch' && findBranch(def, selection.id) ? selection.id : undefined;

  const problemList = (
    <div className="oa-flowd-problem-list" data-testid="flowd-problem-list">
      {problems.map((p, i) => (
        <div key={i}>
          <Button type="link" size="small" onClick={() => p.nodeId && setSelection({ kind: findBranch(def, p.nodeId) ? 'branch' : 'node', id: p.nodeId })}>
            {(p.nodeId &&
              (findNode(def, p.nodeId) ? text(findNode(def, p.nodeId)!.title) : text(findBranch(def, p.nodeId)?.branch.title ?? { t: '', d: p.nodeId }))) ||
              '—'}
          </Button>
          {t(p.key, p.params ?? {})}
        </div>
      ))}
    </div>
  );

  return (
    <DesignerContext.Provider value={ctx}>
      <div className="oa-flowd" data-testid="flow-designer" onKeyDown={onKeyDown} tabIndex={-1}>
        <Space className="oa-flowd-toolbar">
          <Tooltip title={t('toolbar.undo')}>
            <Button icon={<UndoOutlined />} disabled={!canUndo(history)} onClick={doUndo} aria-label={t('toolbar.undo')} data-testid="flowd-undo" />
          </Tooltip>
          <Tooltip title={t('toolbar.redo')}>
            <Button icon={<RedoOutlined />} disabled={!canRedo(history)} onClick={doRedo} aria-label={t('toolbar.redo')} data-testid="flowd-redo" />
          </Tooltip>
          {problems.length ? (
            <Popover content={problemList} trigger="click">
              <Tag color="error" icon={<WarningOutlined />} style={{ cursor: 'pointer' }} data-testid="flowd-problem-count">
                {t('toolbar.problems', { count: problems.length })}
              </Tag>
            </Popover>
          ) : (
            <Tag color="success" icon={<CheckCircleOutlined />} data-testid="flowd-problem-count">
              {t('toolbar.ready')}
            </Tag>
          )}
        </Space>
        <div className="oa-flowd-body">
          <div className="oa-flowd-canvas" style={{ height }}>
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={NODE_TYPES}
              edgeTypes={EDGE_TYPES}
              nodesDraggable={false}
              nodesConnectable={false}
              elementsSelectable={false}
              zoomOnScroll={false}
              panOnScroll
              fitView={fits}
              fitViewOptions={FIT}
              defaultViewport={fits ? undefined : { x: 24, y: 16, zoom: 0.8 }}
              minZoom={0.1}
              onNodeClick={(_, n) =>
                n.data.node ? setSelection({ kind: 'node', id: n.id }) : n.data.branchId ? setSelection({ kind: 'branch', id: n.data.branchId }) : undefined
              }
              onPaneClick={() => setSelection(null)}
              proOptions={{ hideAttribution: true }}
            >
              <Controls showInteractive={false} />
              <FitOnShapeChange shape={shape} bounds={bounds} enabled={fits} />
            </ReactFlow>
          </div>
          <div className="oa-flowd-panel" data-testid="flowd-panel">
            {selNode || selBranch ? (
              <>
                <Button
                  className="oa-flowd-panel-close"
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('panel.close')}
                  onClick={() => setSelection(null)}
                />
                {selNode ? (
                  <NodePanel key={selNode.id} node={selNode} model={model} services={services} problems={byNode.get(selNode.id) ?? []} />
                ) : (
                  <BranchPanel key={selBranch} branchId={selBranch!} model={model} problems={byNode.get(selBranch!) ?? []} />
                )}
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.empty')} />
            )}
          </div>
        </div>
      </div>
    </DesignerContext.Provider>
  );
}
