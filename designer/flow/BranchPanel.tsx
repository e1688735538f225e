/**
 * The property panel of a branch (DESIGN §5): its title; for a condition branch its condition, built with the
 * condition builder (./ConditionBuilder) or written as CEL with a live type-check against the flow's entity model
 * (engine/expr); priority up / down, making it the default; deleting it (a set left with one branch dissolves).
 */
import { useMemo, useState, useEffect } from 'react';
import { Button, Form, Input, Segmented, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, FlagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkExpression, envFromModel, type ExprEnv } from '../../engine/expr';
import type { ConditionBranch } from '../../engine/flow/types';
import type { EntityModel } from '../../engine/schema/types';
import { useDesigner } from './context';
import { findBranch, type DesignerProblem } from './model';
import { CommitInput, ProblemList } from './NodePanel';
import { ConditionBuilder, builderGroup } from './ConditionBuilder';

/** The condition editor: text committed on blur, checked as you type. */
function ConditionInput({ value, env, onCommit }: { value: string; env?: ExprEnv; onCommit: (v: string) => void }) {
  const { t, i18n } = useTranslation('flowdesigner');
  const [v, setV] = useState(value);
  useEffect(() => setV(value), [value]);
  const locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const check = useMemo(() => (env && v.trim() ? checkExpression(v, env, { expect: 'bool', locale }) : null), [v, env, locale]);
  return (
    <>
      <Input.TextArea
        value={v}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('panel.conditionHint')}
        onChange={(e) => setV(e.target.value)}
        onBlur={() => v !== value && onCommit(v)}
        data-testid="flowd-condition"
        status={check && !check.ok ? 'error' : undefined}
      />
      {check && (
        <Typography.Text type={check.ok ? 'success' : 'danger'} data-testid="flowd-condition-check">
          {check.ok ? t('panel.conditionOk') : check.message}
        </Typography.Text>
      )}
    </>
  );
}

/** The panel of branch `branchId`. */
export function BranchPanel({ branchId, model, problems }: { branchId: string; model?: EntityModel; problems: DesignerProblem[] }) {
  const { t } = useTranslation('flowdesigner');
  const { def, run, text } = useDesigner();
  const env = useMemo(() => (model ? envFromModel(model) : undefined), [model]);
  const found = findBranch(def, branchId);
  const initialCel = (found?.branch as ConditionBranch | undefined)?.condition?.cel ?? '';
  // The builder when it can show the condition, else the expression (the panel is keyed by branch).
  const [mode, setMode] = useState<'builder' | 'expression'>(() => (model && builderGroup(initialCel, model) ? 'builder' : 'expression'));
  if (!found) return null;
  const { container, branch, index } = found;
  const cond = container.type === 'branch' ? (branch as ConditionBranch) : null;
  const isDefault = cond?.default === true;
  const count = container.branches.length;
  const lastMovable = cond ? count - 1 - (container.branches.some((b) => (b as ConditionBranch).default) ? 1 : 0) : count - 1;
  return (
    <Form layout="vertical" size="small" data-testid={`flowd-panel-${branchId}`}>
      <ProblemList problems={problems} />
      <Typography.Paragraph type="secondary">
        {text(container.title)} · {t('node.priority', { n: index + 1 })}
      </Typography.Paragraph>
      <Form.Item label={t('panel.title')}>
        <CommitInput value={text(branch.title)} onCommit={(v) => run({ kind: 'updateBranch', branchId, title: v })} testId="flowd-branch-title" />
      </Form.Item>
      {cond && !isDefault && (
        <Form.Item label={t('panel.condition')}>
          {model && (
            <Segmented
              size="small"
              value={mode}
              onChange={(v) => setMode(v as 'builder' | 'expression')}
              options={[
                { value: 'builder', label: t('cond.builder') },
                { value: 'expression', label: t('cond.expression') },
              ]}
              style={{ marginBottom: 8 }}
              data-testid="flowd-cond-mode"
            />
          )}
          {model && mode === 'builder' ? (
            <ConditionBuilder cel={cond.condition?.cel ?? ''} model={model} onCommit={(v) => run({ kind: 'updateBranch', branchId, condition: v })} />
          ) : (
            <ConditionInput
              value={cond.condition?.cel ?? ''}
              env={env}
              onCommit={(v) => run({ kind: 'updateBranch', branchId, condition: v.trim() ? v : null })}
            />
          )}
        </Form.Item>
      )}
      {isDefault && <Typography.Paragraph>{t('panel.isDefault')}</Typography.Paragraph>}
      <Space wrap>
        {!isDefault && (
          <>
            <Button
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => run({ kind: 'moveBranch', branchId, delta: -1 })}
              data-testid="flowd-branch-up"
            >
              {t('panel.moveUp')}
            </Button>
            <Button
              icon={<ArrowDownOutlined />}
              disabled={index >= lastMovable}
              onClick={() => run({ kind: 'moveBranch', branchId, delta: 1 })}
              data-testid="flowd-branch-down"
            >
              {t('panel.moveDown')}
            </Button>
          </>
        )}
        {cond && !isDefault && (
          <Button icon={<FlagOutlined />} onClick={() => run({ kind: 'setDefaultBranch', branchId })}>
            {t('panel.makeDefault')}
          </Button>
        )}
        {!isDefault && (
          <Button danger icon={<DeleteOutlined />} onClick={() => run({ kind: 'deleteBranch', branchId })} data-testid="flowd-branch-delete">
            {t('panel.deleteBranch')}
          </Button>
        )}
      </Space>
    </Form>
  );
}
