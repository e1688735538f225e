/**
 * The condition builder of a condition branch ("branch conditions with the condition builder"): one
 * group, all (and) or any (or), of `field operator value` tests over the flow's entity model, compiled to the
 * branch's CEL by the structured-condition model the form designer uses (designer/form/model/conditions.ts:
 * compileCondition / parseCondition). A condition that has another shape (nested groups, functions…) is edited
 * as an expression only. Each complete change is one designer command.
 */
import { useEffect, useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntityModel } from '../../engine/schema/types';
import {
  compileCondition,
  conditionFieldType,
  isGroup,
  operatorsFor,
  parseCondition,
  type ConditionFieldType,
  type ConditionGroup,
  type ConditionLeaf,
} from '../form/model/conditions';

/** Fields a condition may test, with their condition type. */
function testable(model: EntityModel): { key: string; label: string; type: ConditionFieldType }[] {
  return Object.entries(model.properties ?? {}).flatMap(([key, p]) => {
    const type = conditionFieldType(p);
    return type ? [{ key, label: p['x-title']?.d ?? key, type }] : [];
  });
}

/** The group a branch's CEL stands for when the builder can show it (flat: leaves only), else null. */
export function builderGroup(cel: string, model: EntityModel): ConditionGroup | null {
  if (!cel.trim()) return { mode: 'all', items: [] };
  const g = parseCondition(cel, model);
  return g && g.items.every((x) => !isGroup(x)) ? g : null;
}

const NO_VALUE = new Set(['empty', 'notEmpty']);

function ValueInput({ leaf, type, onChange }: { leaf: ConditionLeaf; type: ConditionFieldType; onChange: (v: unknown) => void }) {
  const { t } = useTranslation('flowdesigner');
  if (NO_VALUE.has(leaf.op)) return null;
  if (leaf.op === 'in' || leaf.op === 'notIn') {
    const vals = Array.isArray(leaf.value) ? leaf.value.map(String) : [];
    return (
      <Select
        size="small"
        mode="tags"
        style={{ minWidth: 100 }}
        value={vals}
        placeholder={t('cond.value')}
        onChange={(v: string[]) => onChange(type === 'string' ? v : v.map(Number).filter((n) => Number.isFinite(n)))}
      />
    );
  }
  if (type === 'bool')
    return (
      <Select
        size="small"
        style={{ width: 100 }}
        value={leaf.value as boolean | undefined}
        options={[
          { value: true, label: t('cond.true') },
          { value: false, label: t('cond.false') },
        ]}
        onChange={onChange}
      />
    );
  if (type === 'int' || type === 'double')
    return (
      <InputNumber
        size="small"
        style={{ width: 100 }}
        value={typeof leaf.value === 'number' ? leaf.value : null}
        precision={type === 'int' ? 0 : undefined}
        onChange={(v) => onChange(v ?? undefined)}
        data-testid="flowd-cond-value"
      />
    );
  return (
    <Input
      size="small"
      style={{ width: 100 }}
      value={String(leaf.value ?? '')}
      placeholder={t('cond.value')}
      onChange={(e) => onChange(e.target.value)}
      data-testid="flowd-cond-value"
    />
  );
}

/** The builder; `onCommit(cel | null)` with each change that compiles (null: no test left). */
export function ConditionBuilder({ cel, model, onCommit }: { cel: string; model: EntityModel; onCommit: (cel: string | null) => void }) {
  const { t } = useTranslation('flowdesigner');
  const fields = testable(model);
  const [group, setGroup] = useState<ConditionGroup | null>(() => builderGroup(cel, model));
  const [incomplete, setIncomplete] = useState(false);
  useEffect(() => {
    // Follow the branch (undo, the expression editor) unless the builder holds an unfinished edit of it.
    const g = builderGroup(cel, model);
    setGroup((cur) => (cur && !incomplete ? g : (cur ?? g)));
  }, [cel, model]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!group) return <Typography.Text type="secondary">{t('cond.unavailable')}</Typography.Text>;
  const change = (next: ConditionGroup) => {
    setGroup(next);
    if (!next.items.length) {
      setIncomplete(false);
      return onCommit(null);
    }
    try {
      const out = compileCondition(next, model);
      setIncomplete(false);
      if (out !== cel) onCommit(out);
    } catch {
      setIncomplete(true);
    }
  };
  const leaves = group.items as ConditionLeaf[];
  const setLeaf = (i: number, leaf: ConditionLeaf) => change({ ...group, items: leaves.map((x, j) => (j === i ? leaf : x)) });
  return (
    <div className="oa-flowd-cond" data-testid="flowd-cond-builder">
      <Select
        size="small"
        value={group.mode}
        options={[
          { value: 'all', label: t('cond.all') },
          { value: 'any', label: t('cond.any') },
        ]}
        onChange={(mode: 'all' | 'any') => change({ ...group, mode })}
        style={{ marginBottom: 6 }}
      />
      {leaves.map((leaf, i) => {
        const type = fields.find((f) => f.key === leaf.field)?.type ?? 'string';
        return (
          <Space key={i} size={4} className="oa-flowd-cond-row" data-testid={`flowd-cond-row-${i}`}>
            <Select
              size="small"
              style={{ width: 110 }}
              value={leaf.field}
              options={fields.map((f) => ({ value: f.key, label: f.label }))}
              onChange={(field: string) => {
                const ft = fields.find((f) => f.key === field)!.type;
                setLeaf(i, { field, op: operatorsFor(ft)[0] });
              }}
              data-testid="flowd-cond-field"
            />
            <Select
              size="small"
              style={{ width: 90 }}
              value={leaf.op}
              options={operatorsFor(type).map((op) => ({ value: op, label: t(`cond.op.${op}`) }))}
              onChange={(op) => setLeaf(i, { field: leaf.field, op, ...(NO_VALUE.has(op) ? {} : { value: leaf.value }) })}
              data-testid="flowd-cond-op"
            />
            <ValueInput leaf={leaf} type={type} onChange={(value) => setLeaf(i, { ...leaf, value })} />
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('cond.remove')}
              onClick={() => change({ ...group, items: leaves.filter((_, j) => j !== i) })}
            />
          </Space>
        );
      })}
      {incomplete && <Typography.Text type="warning">{t('cond.incomplete')}</Typography.Text>}
      <div>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!fields.length}
          onClick={() => fields.length && change({ ...group, items: [...leaves, { field: fields[0].key, op: operatorsFor(fields[0].type)[0] }] })}
          data-testid="flowd-cond-add"
        >
          {t('cond.add')}
        </Button>
      </div>
    </div>
  );
}
