/**
 * The flow diagram of the approval page, read-only (DESIGN §5): the graph of ./graph.ts drawn with React Flow,
 * laid out top to bottom by dagre. Task nodes are boxes with their type (审批 / 办理 …, the approval mode) and,
 * while active, who holds them; splits are small labelled pills, joins dots. Colour by state: done green,
 * active blue, not reached grey, skipped / cancelled dashed, rejected red, returned orange (legend below).
 */
import { memo, useMemo } from 'react';
import { Controls, Handle, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import type { FlowDef, FlowState } from '../../flow';
import type { Text } from '../../schema/types';
import { flowGraph, layoutGraph, type GraphNode, type GraphNodeState } from './graph';

type StepData = { g: GraphNode; kind: string; handlers: string };
type StepNode = Node<StepData, 'step'>;

const hidden = { opacity: 0, pointerEvents: 'none' as const };

/** A definition node: box (task nodes), pill (start, end, splits) or dot (joins). */
const Step = memo(function Step({ data }: NodeProps<StepNode>) {
  const { g, kind, handlers } = data;
  const shape =
    g.type === 'join' || g.type === 'pass' ? 'join' : g.type === 'start' || g.type === 'end' || g.type === 'branch' || g.type === 'parallel' ? 'pill' : 'box';
  return (
    <div
      className={`oa-flow-node oa-flow-node-${shape} oa-flow-state-${g.state}`}
      data-testid={`approval-node-${g.id}`}
      data-state={g.state}
      title={g.title || undefined}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} style={hidden} />
      {shape === 'box' && <div className="oa-flow-node-kind">{kind}</div>}
      {shape !== 'join' && <div className="oa-flow-node-title">{g.title}</div>}
      {handlers && <div className="oa-flow-node-handlers">{handlers}</div>}
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={hidden} />
    </div>
  );
});

const NODE_TYPES = { step: Step };
const LEGEND: GraphNodeState[] = ['done', 'active', 'pending', 'skipped', 'rejected', 'returned'];

export interface FlowDiagramProps {
  definition: FlowDef;
  state: FlowState | null;
  /** A definition text in the reader's language. */
  text: (t: Text) => string;
  /** Name of a user id (known names, else the id). */
  userName: (id: number) => string;
  /** Height in px; default: the laid-out flow's, within [320, 900]. */
  height?: number;
}

/** The read-only diagram (see the module comment). */
export function FlowDiagram({ definition, state, text, userName, height }: FlowDiagramProps) {
  const { t } = useTranslation('approval');
  const { nodes, edges, fit } = useMemo(() => {
    const graph = flowGraph(definition, state, text);
    const pos = layoutGraph(graph, undefined, { keepOrder: true });
    // Tall enough to show the flow at about full size, within [320, 900] px.
    const bottom = Math.max(0, ...[...pos.values()].map((p) => p.y + p.height));
    const fit = Math.min(900, Math.max(320, Math.round(bottom + 48)));
    const nodes: StepNode[] = graph.nodes.map((g) => {
      const p = pos.get(g.id)!;
      const mode = g.node && (g.node.type === 'approve' || g.node.type === 'handle') && g.node.mode ? t(`diagram.mode.${g.node.mode}`) : '';
      const kind = [g.type === 'pass' ? '' : t(`diagram.type.${g.type}`), mode].filter(Boolean).join(' · ');
      const handlers = g.assignees.length ? t('diagram.handlers', { names: g.assignees.map(userName).join(', ') }) : '';
      return {
        id: g.id,
        type: 'step',
        position: { x: p.x, y: p.y },
        width: p.width,
        height: p.height,
        data: { g, kind, handlers },
        draggable: false,
        selectable: false,
        connectable: false,
      };
    });
    const edges: Edge[] = graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      label: e.label,
      type: 'smoothstep',
      animated: false,
      className: e.taken ? 'oa-flow-edge-taken' : 'oa-flow-edge',
      style: e.taken ? { stroke: '#52c41a', strokeWidth: 2 } : { stroke: '#bfbfbf' },
      labelBgPadding: [4, 2] as [number, number],
      labelStyle: { fontSize: 11 },
    }));
    return { nodes, edges, fit };
  }, [definition, state, text, userName, t]);

  return (
    <div className="oa-approval-diagram" data-testid="approval-diagram">
      <div style={{ height: height ?? fit }}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.2}
          proOptions={{ hideAttribution: true }}
        >
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <div className="oa-flow-legend">
        {LEGEND.map((s) => (
          <span key={s} className="oa-flow-legend-item">
            <span className={`oa-flow-legend-swatch oa-flow-state-${s}`} />
            {t(`diagram.legend.${s}`)}
          </span>
        ))}
      </div>
    </div>
  );
}
