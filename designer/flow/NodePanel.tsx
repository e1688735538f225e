/**
 * The property panel of a node (DESIGN §5): title; for approve / handle nodes the assignee rules, mode (with the
 * vote ratio), kind of handling, allowed actions, return targets, deadline in working days, what to do without
 * assignees, cc when done and the field permissions; cc nodes their targets; delay its duration; service its
 * action; a parallel set its join; start its field permissions. Every change is one designer command.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { nodeActions, DEFAULT_RETURN_TARGETS } from '../../engine/flow/definition';
import type { ApprovalMode, FlowNode, HandleKind, NodeActionName, ReturnTargetKind } from '../../engine/flow/types';
import type { EntityModel } from '../../engine/schema/types';
import { AssigneeRules } from './AssigneeRules';
import { FieldPermissions } from './FieldPermissions';
import { useDesigner } from './context';
import type { DesignerProblem } from './model';
import { useProblemText } from './canvas';

const MODES: ApprovalMode[] = ['sequential', 'all', 'any', 'vote'];
const HANDLE_KINDS: HandleKind[] = ['review', 'issue', 'number', 'seal', 'distribute', 'signfor', 'other'];
const ACTIONS: NodeActionName[] = ['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign', 'cc', 'comment', 'saveDraft', 'signFor', 'recall'];
const RETURNS: ReturnTargetKind[] = ['previous', 'initiator', 'anyDone'];

/** A text input committed on blur / Enter (one undo step per edit, not per keystroke). */
export function CommitInput({ value, onCommit, testId, area }: { value: string; onCommit: (v: string) => void; testId: string; area?: boolean }) {
  const [v, setV] = useState(value);
  useEffect(() => setV(value), [value]);
  const commit = () => v !== value && onCommit(v);
  return area ? (
    <Input.TextArea value={v} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => setV(e.target.value)} onBlur={commit} data-testid={testId} />
  ) : (
    <Input value={v} onChange={(e) => setV(e.target.value)} onBlur={commit} onPressEnter={commit} data-testid={testId} />
  );
}

/** The problems of the selection, listed. */
export function ProblemList({ problems }: { problems: DesignerProblem[] }) {
  const text = useProblemText();
  if (!problems.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="flowd-panel-problems"
      title={problems
        .map((p) => text([p]))
        .map((m, i) => (
          <div key={i}>{m}</div>
        ))}
    />
  );
}

/** The panel of `node`. */
export function NodePanel({ node, model, services, problems }: { node: FlowNode; model?: EntityModel; services?: string[]; problems: DesignerProblem[] }) {
  const { t } = useTranslation('flowdesigner');
  const { run, text } = useDesigner();
  const set = (patch: Record<string, unknown>) => run({ kind: 'updateNode', id: node.id, patch });
  const id = node.id;
  return (
    <Form layout="vertical" size="small" data-testid={`flowd-panel-${id}`}>
      <ProblemList problems={problems} />
      <Form.Item label={t('panel.title')}>
        <CommitInput value={text(node.title)} onCommit={(v) => run({ kind: 'setTitle', id, text: v })} testId="flowd-title" />
      </Form.Item>
      {(node.type === 'approve' || node.type === 'handle') && (
        <>
          <Form.Item label={t('panel.assignees')}>
            <AssigneeRules value={node.assignees ?? []} model={model} onChange={(assignees) => set({ assignees })} testId="flowd-assignees" />
          </Form.Item>
          <Form.Item label={t('panel.mode')}>
            <Select
              value={node.mode ?? 'any'}
              options={MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
              onChange={(mode: ApprovalMode) => set(mode === 'vote' ? { mode, ratio: node.ratio ?? 0.5 } : { mode })}
              data-testid="flowd-mode"
            />
          </Form.Item>
          {node.mode === 'vote' && (
            <Form.Item label={t('panel.ratio')}>
              <InputNumber
                min={0.01}
                max={1}
                step={0.05}
                value={node.ratio}
                onChange={(ratio) => set({ ratio: ratio ?? undefined })}
                data-testid="flowd-ratio"
              />
            </Form.Item>
          )}
          {node.type === 'handle' && (
            <Form.Item label={t('panel.handleKind')}>
              <Select
                allowClear
                value={node.handleKind}
                options={HANDLE_KINDS.map((k) => ({ value: k, label: t(`handleKind.${k}`) }))}
                onChange={(handleKind?: HandleKind) => set({ handleKind })}
              />
            </Form.Item>
          )}
          <Form.Item label={t('panel.actions')}>
            <Checkbox.Group
              value={[...nodeActions(node)]}
              options={ACTIONS.map((a) => ({ value: a, label: t(`action.${a}`) }))}
              onChange={(actions) => set({ actions })}
            />
          </Form.Item>
          <Form.Item label={t('panel.returnTargets')}>
            <Checkbox.Group
              value={[...(node.returnTargets ?? DEFAULT_RETURN_TARGETS)]}
              options={RETURNS.map((r) => ({ value: r, label: t(`returnTarget.${r}`) }))}
              onChange={(returnTargets) => set({ returnTargets })}
            />
          </Form.Item>
          <Form.Item label={t('panel.deadline')}>
            <InputNumber
              min={1}
              precision={0}
              value={node.deadline?.workdays}
              placeholder={t('panel.deadlineNone')}
              onChange={(w) =>
                set({ deadline: w ? { ...node.deadline, workdays: Number(w) } : node.deadline?.hours ? { hours: node.deadline.hours } : undefined })
              }
              data-testid="flowd-deadline"
            />
          </Form.Item>
          <Form.Item label={t('panel.emptyAssignee')}>
            <Select
              value={node.emptyAssignee ?? 'skip'}
              options={(['skip', 'toAdmin', 'error'] as const).map((k) => ({ value: k, label: t(`emptyAssignee.${k}`) }))}
              onChange={(emptyAssignee) => set({ emptyAssignee })}
            />
          </Form.Item>
          <Form.Item label={t('panel.ccOnDone')}>
            <AssigneeRules value={node.ccOnDone ?? []} model={model} onChange={(cc) => set({ ccOnDone: cc.length ? cc : undefined })} testId="flowd-cc" />
          </Form.Item>
        </>
      )}
      {node.type === 'cc' && (
        <>
          <Form.Item label={t('panel.ccAssignees')}>
            <AssigneeRules value={node.assignees ?? []} model={model} onChange={(assignees) => set({ assignees })} testId="flowd-assignees" />
          </Form.Item>
          <Form.Item label={t('panel.circulate')}>
            <Switch checked={node.circulate === true} onChange={(c) => set({ circulate: c || undefined })} />
          </Form.Item>
        </>
      )}
      {node.type === 'delay' && (
        <Form.Item label={t('panel.duration')}>
          <InputNumber
            min={0}
            precision={0}
            value={node.duration?.workdays}
            addonAfter={t('panel.workdays')}
            onChange={(w) => set({ duration: { ...node.duration, workdays: w ? Number(w) : undefined } })}
          />
          <InputNumber
            min={0}
            precision={0}
            value={node.duration?.hours}
            addonAfter={t('panel.hours')}
            onChange={(hr) => set({ duration: { ...node.duration, hours: hr ? Number(hr) : undefined } })}
          />
        </Form.Item>
      )}
      {node.type === 'service' && (
        <Form.Item label={t('panel.serviceAction')}>
          {services?.length ? (
            <Select value={node.action || undefined} options={services.map((s) => ({ value: s, label: s }))} onChange={(action: string) => set({ action })} />
          ) : (
            <CommitInput value={node.action} onCommit={(action) => set({ action })} testId="flowd-service" />
          )}
        </Form.Item>
      )}
      {node.type === 'parallel' && (
        <Form.Item label={t('panel.join')}>
          <Select
            value={node.join}
            options={[
              { value: 'all', label: t('panel.joinAll') },
              { value: 'any', label: t('panel.joinAny') },
            ]}
            onChange={(join) => set({ join })}
          />
        </Form.Item>
      )}
      {(node.type === 'start' || node.type === 'approve' || node.type === 'handle') && (
        <Form.Item label={t('panel.fieldPermissions')}>
          <FieldPermissions model={model} value={node.fieldPermissions} onChange={(field, perm) => run({ kind: 'setFieldPermission', id, field, perm })} />
        </Form.Item>
      )}
      {node.type !== 'start' && node.type !== 'end' && (
        <Button danger icon={<DeleteOutlined />} onClick={() => run({ kind: 'deleteNode', id })} data-testid="flowd-panel-delete">
          {t('panel.deleteNode')}
        </Button>
      )}
    </Form>
  );
}
