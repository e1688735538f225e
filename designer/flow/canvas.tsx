/**
 * The flow designer's canvas pieces for React Flow: a node view (boxes for task nodes with their type, title,
 * assignee summary — the chosen people's names, ./assigneeNames — and problems; pills for start, end and splits, with "add branch"; dots for joins and empty
 * branches) and an edge view carrying the branch title (click: edit the branch) and the "+" menu that inserts a
 * node or a branch set right on that edge (DESIGN §5).
 */
import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, Handle, Position, getSmoothStepPath, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import { Badge, Button, Dropdown, Tooltip } from 'antd';
import { BranchesOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerEdgeData, DesignerNodeData, DesignerProblem, InsertableType, SplitType } from './model';
import { useDesigner } from './context';
import { ruleSummary } from './assigneeNames';

export type CanvasNode = Node<DesignerNodeData, 'designer'>;
export type CanvasEdge = Edge<DesignerEdgeData, 'designer'>;

const hidden = { opacity: 0, pointerEvents: 'none' as const };
const INSERTABLE: (InsertableType | SplitType)[] = ['approve', 'handle', 'cc', 'delay', 'service', 'branch', 'parallel'];

/** The problems of a node or branch as one tooltip text in the reader's language. */
export function useProblemText(): (ps: DesignerProblem[]) => string {
  const { t } = useTranslation('flowdesigner');
  return (ps) => ps.map((p) => t(p.key, p.params ?? {})).join(t('node.sep'));
}

/** One canvas node (see the module comment). */
export const DesignerNodeView = memo(function DesignerNodeView({ id, data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation('flowdesigner');
  const { run, names, model } = useDesigner();
  const problemText = useProblemText();
  const n = data.node;
  const shape =
    data.kind === 'join' || data.kind === 'pass'
      ? 'dot'
      : data.kind === 'start' || data.kind === 'end' || data.kind === 'branch' || data.kind === 'parallel'
        ? 'pill'
        : 'box';
  const bad = data.problems.length > 0;
  const removable = n && n.type !== 'start' && n.type !== 'end';
  const summary = (() => {
    if (!n) return '';
    if (n.type === 'approve' || n.type === 'handle' || n.type === 'cc') {
      const rules = n.assignees ?? [];
      if (!rules.length) return t('node.noAssignee');
      const kinds = rules.map((r) => ruleSummary(r, names, t, model)).join(t('node.sep'));
      const mode = n.type !== 'cc' && n.mode ? ` · ${t(`mode.${n.mode}`)}` : '';
      return kinds + mode;
    }
    if (n.type === 'delay')
      return [n.duration?.workdays ? `${n.duration.workdays} ${t('panel.workdays')}` : '', n.duration?.hours ? `${n.duration.hours} ${t('panel.hours')}` : '']
        .filter(Boolean)
        .join(' ');
    if (n.type === 'service') return n.action;
    return '';
  })();
  const className = `oa-flowd-node oa-flowd-${shape} oa-flowd-type-${data.kind}${selected ? ' oa-flowd-selected' : ''}${bad ? ' oa-flowd-bad' : ''}`;
  const body =
    shape === 'dot' ? null : (
      <>
        {shape === 'box' && (
          <div className="oa-flowd-head">
            <span>{t(`type.${data.kind}`)}</span>
            {removable && (
              <Button
                size="small"
                type="text"
                className="nodrag"
                icon={<CloseOutlined />}
                aria-label={t('node.delete')}
                data-testid={`flowd-delete-${id}`}
                onClick={(e) => {
                  e.stopPropagation();
                  run({ kind: 'deleteNode', id });
                }}
              />
            )}
          </div>
        )}
        <div className="oa-flowd-title">{data.title || t(`type.${data.kind}`)}</div>
        {summary && (
          <div className="oa-flowd-summary" title={summary}>
            {summary}
          </div>
        )}
        {(data.kind === 'branch' || data.kind === 'parallel') && (
          <span className="oa-flowd-split-actions">
            <Tooltip title={t(data.kind === 'branch' ? 'node.addCondition' : 'node.addBranch')}>
              <Button
                size="small"
                shape="circle"
                className="nodrag"
                icon={<BranchesOutlined />}
                data-testid={`flowd-addbranch-${id}`}
                onClick={(e) => {
                  e.stopPropagation();
                  run({ kind: 'addBranch', splitId: id });
                }}
              />
            </Tooltip>
            <Button
              size="small"
              shape="circle"
              className="nodrag"
              icon={<CloseOutlined />}
              aria-label={t('node.delete')}
              data-testid={`flowd-delete-${id}`}
              onClick={(e) => {
                e.stopPropagation();
                run({ kind: 'deleteNode', id });
              }}
            />
          </span>
        )}
      </>
    );
  return (
    <div className={className} data-testid={`flowd-node-${id}`} data-problems={data.problems.map((p) => p.key).join(' ')}>
      <Handle type="target" position={Position.Top} isConnectable={false} style={hidden} />
      {bad ? (
        <Tooltip title={problemText(data.problems)}>
          <Badge count={data.problems.length} size="small" className="oa-flowd-badge" data-testid={`flowd-problems-${id}`} />
        </Tooltip>
      ) : null}
      {body}
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={hidden} />
    </div>
  );
});

/** One canvas edge: a smooth step line, the branch title it opens and its "+" menu. */
export const DesignerEdgeView = memo(function DesignerEdgeView(props: EdgeProps<CanvasEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, label } = props;
  const { t } = useTranslation('flowdesigner');
  const { run, select, selection } = useDesigner();
  const problemText = useProblemText();
  const [path, lx, ly] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, borderRadius: 8 });
  const insert = data?.insert ?? null;
  const branchId = data?.branchId;
  const problems = data?.problems ?? [];
  // The first edge of a branch shows its title just below the split, the "+" lower on the edge.
  const labelY = branchId ? sourceY + (targetY - sourceY) * 0.35 : ly;
  const plusY = branchId ? sourceY + (targetY - sourceY) * 0.7 : ly;
  const plusX = branchId ? targetX : lx;
  return (
    <>
      <BaseEdge id={id} path={path} style={{ stroke: '#bfbfbf', strokeWidth: 1.5 }} />
      <EdgeLabelRenderer>
        {branchId && (
          <div
            className={`oa-flowd-edge-label nodrag nopan${problems.length ? ' oa-flowd-bad' : ''}${selection?.kind === 'branch' && selection.id === branchId ? ' oa-flowd-selected' : ''}`}
            style={{ position: 'absolute', transform: `translate(-50%, -50%) translate(${targetX}px, ${labelY}px)`, pointerEvents: 'all' }}
            data-testid={`flowd-branch-${branchId}`}
            data-problems={problems.map((p) => p.key).join(' ')}
            title={problems.length ? problemText(problems) : undefined}
            onClick={() => select({ kind: 'branch', id: branchId })}
          >
            {label as string}
          </div>
        )}
        {insert && (
          <div
            className="oa-flowd-plus nodrag nopan"
            style={{ position: 'absolute', transform: `translate(-50%, -50%) translate(${plusX}px, ${plusY}px)`, pointerEvents: 'all' }}
          >
            <Dropdown
              trigger={['click']}
              menu={{
                items: INSERTABLE.map((type) => ({ key: type, label: <span data-testid={`flowd-insert-${type}`}>{t(`insert.${type}`)}</span> })),
                onClick: ({ key }) => {
                  const type = key as InsertableType | SplitType;
                  run(type === 'branch' || type === 'parallel' ? { kind: 'addSplit', at: insert, type } : { kind: 'insertNode', at: insert, type });
                },
              }}
            >
              <Button size="small" shape="circle" type="primary" icon={<PlusOutlined />} aria-label={t('insert.button')} data-testid={`flowd-plus-${id}`} />
            </Dropdown>
          </div>
        )}
      </EdgeLabelRenderer>
    </>
  );
});

export const NODE_TYPES = { designer: DesignerNodeView };
export const EDGE_TYPES = { designer: DesignerEdgeView };
