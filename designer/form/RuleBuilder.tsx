/**
 * The condition builder of the inspector: the visibility / read-only / required rules of one field,
 * each a group (all / any) of `field operator value` leaves and nested groups, stored structured through
 * setRule (compiled to CEL when the page is written). A rule kept as CEL (not of the builder's shape) shows
 * its expression and can be deleted.
 */
import { Button, Card, Select, Space, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictDef } from '../../engine/schema/types';
import { CommitInput, CommitNumber } from './inputs';
import {
  conditionFieldType,
  isGroup,
  labelOf,
  operatorsFor,
  optionsOf,
  removeRule,
  rulesOf,
  setRule,
  type ConditionFieldType,
  type ConditionGroup,
  type ConditionItem,
  type ConditionLeaf,
  type DesignRule,
  type FormDesignState,
} from './model';
import type { FormDesign } from './useFormDesign';

interface Ctx {
  state: FormDesignState;
  dicts: DictDef[];
  fields: { key: string; label: string; type: ConditionFieldType }[];
}

/** A new leaf on `f`: a test that compiles for its type. */
function newLeaf(f: Ctx['fields'][number]): ConditionLeaf {
  if (f.type === 'string' || f.type === 'list') return { field: f.key, op: 'notEmpty' };
  return { field: f.key, op: 'eq', value: f.type === 'bool' ? true : 0 };
}

function ValueInput({ leaf, ctx, onChange }: { leaf: ConditionLeaf; ctx: Ctx; onChange: (v: unknown) => void }) {
  const { t } = useTranslation('designer');
  const f = ctx.fields.find((x) => x.key === leaf.field);
  if (!f || leaf.op === 'empty' || leaf.op === 'notEmpty') return null;
  const prop = ctx.state.model.properties[leaf.field];
  const opts = optionsOf(ctx.state, prop?.['x-dict'], ctx.dicts).map((o) => ({ value: o.value!, label: o.label.zh }));
  const numeric = f.type === 'int' || f.type === 'double' || prop?.['x-kind'] === 'users' || prop?.['x-kind'] === 'depts';
  if (leaf.op === 'in' || leaf.op === 'notIn') {
    const list = Array.isArray(leaf.value) ? leaf.value.map(String) : [];
    return (
      <Select
        mode={opts.length ? 'multiple' : 'tags'}
        style={{ minWidth: 160 }}
        value={list}
        options={opts}
        placeholder={t('rule.value')}
        onChange={(v: string[]) => onChange(numeric ? v.map(Number).filter(Number.isFinite) : v)}
      />
    );
  }
  if (f.type === 'bool')
    return (
      <Select
        style={{ width: 90 }}
        value={leaf.value === true ? 'true' : 'false'}
        options={[
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ]}
        onChange={(v) => onChange(v === 'true')}
      />
    );
  if (opts.length)
    return <Select style={{ minWidth: 140 }} value={leaf.value as string | undefined} options={opts} placeholder={t('rule.value')} onChange={onChange} />;
  if (numeric) return <CommitNumber value={typeof leaf.value === 'number' ? leaf.value : undefined} onCommit={(v) => onChange(v ?? 0)} />;
  return <CommitInput value={typeof leaf.value === 'string' ? leaf.value : ''} placeholder={t('rule.value')} onCommit={onChange} />;
}

function LeafEditor({ leaf, ctx, onChange, onRemove }: { leaf: ConditionLeaf; ctx: Ctx; onChange: (l: ConditionLeaf) => void; onRemove: () => void }) {
  const { t } = useTranslation('designer');
  const f = ctx.fields.find((x) => x.key === leaf.field);
  return (
    <div data-testid="rule-leaf">
      <Space wrap size={4}>
        <Select
          style={{ minWidth: 120 }}
          value={leaf.field}
          options={ctx.fields.map((x) => ({ value: x.key, label: x.label }))}
          onChange={(key) => onChange(newLeaf(ctx.fields.find((x) => x.key === key)!))}
        />
        <Select
          style={{ minWidth: 100 }}
          value={leaf.op}
          options={(f ? operatorsFor(f.type) : []).map((op) => ({ value: op, label: t(`rule.op.${op}`) }))}
          onChange={(op) =>
            onChange({
              field: leaf.field,
              op,
              ...(op === 'in' || op === 'notIn'
                ? { value: [] }
                : op === 'empty' || op === 'notEmpty'
                  ? {}
                  : { value: leaf.value ?? (f?.type === 'string' ? '' : 0) }),
            })
          }
        />
        <ValueInput leaf={leaf} ctx={ctx} onChange={(value) => onChange({ ...leaf, value })} />
        <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label={t('rule.remove')} onClick={onRemove} />
      </Space>
    </div>
  );
}

function GroupEditor({ group, ctx, onChange, depth }: { group: ConditionGroup; ctx: Ctx; onChange: (g: ConditionGroup) => void; depth: number }) {
  const { t } = useTranslation('designer');
  const set = (i: number, item: ConditionItem | null) =>
    onChange({ ...group, items: item ? group.items.map((x, j) => (j === i ? item : x)) : group.items.filter((_, j) => j !== i) });
  return (
    <div style={{ borderLeft: depth ? '2px solid #d9d9d9' : undefined, paddingLeft: depth ? 8 : 0 }}>
      <Select
        size="small"
        value={group.mode}
        options={[
          { value: 'all', label: t('rule.all') },
          { value: 'any', label: t('rule.any') },
        ]}
        onChange={(mode) => onChange({ ...group, mode })}
        style={{ marginBottom: 4 }}
      />
      {group.items.map((item, i) => (
        <div key={i} style={{ marginBottom: 4 }}>
          {isGroup(item) ? (
            <GroupEditor group={item} ctx={ctx} depth={depth + 1} onChange={(g) => set(i, g.items.length ? g : null)} />
          ) : (
            <LeafEditor leaf={item} ctx={ctx} onChange={(l) => set(i, l)} onRemove={() => set(i, null)} />
          )}
        </div>
      ))}
      <Space size={4}>
        <Button size="small" disabled={!ctx.fields.length} onClick={() => onChange({ ...group, items: [...group.items, newLeaf(ctx.fields[0])] })}>
          {t('rule.addCondition')}
        </Button>
        {depth < 2 && (
          <Button
            size="small"
            disabled={!ctx.fields.length}
            onClick={() => onChange({ ...group, items: [...group.items, { mode: group.mode === 'all' ? 'any' : 'all', items: [newLeaf(ctx.fields[0])] }] })}
          >
            {t('rule.addGroup')}
          </Button>
        )}
      </Space>
    </div>
  );
}

/** The rules of `field` (see the module comment). */
export function RuleBuilder({ design, field, dicts }: { design: FormDesign; field: string; dicts: DictDef[] }) {
  const { t } = useTranslation('designer');
  const { state, run } = design;
  const fields = Object.entries(state.model.properties)
    .filter(([k]) => k !== field)
    .map(([key, p]) => ({ key, label: labelOf(state, p['x-title']).zh, type: conditionFieldType(p) }))
    .filter((f): f is Ctx['fields'][number] => f.type !== null);
  const ctx: Ctx = { state, dicts, fields };
  const save = (r: DesignRule, when: ConditionGroup, effect = r.effect) =>
    void run((s) => (when.items.length ? setRule(s, { id: r.id, field, effect, when }) : removeRule(s, r.id)));
  return (
    <div data-testid="rule-builder">
      <Typography.Text strong>{t('inspector.rules')}</Typography.Text>
      {rulesOf(state, field).map((r) => (
        <Card key={r.id} size="small" style={{ margin: '6px 0' }} data-testid={`rule-${r.id}`}>
          <Space style={{ marginBottom: 6 }}>
            <Select
              size="small"
              value={r.effect}
              style={{ minWidth: 150 }}
              options={(['visible', 'readOnly', 'required'] as const).map((e) => ({ value: e, label: t(`rule.effect.${e}`) }))}
              onChange={(effect) => ('mode' in r.when ? save(r, r.when, effect) : undefined)}
              disabled={!('mode' in r.when)}
            />
            <Button size="small" danger onClick={() => void run((s) => removeRule(s, r.id))}>
              {t('rule.remove')}
            </Button>
          </Space>
          {'mode' in r.when ? (
            <GroupEditor group={r.when} ctx={ctx} depth={0} onChange={(g) => save(r, g)} />
          ) : (
            <Typography.Text code>{r.when.cel}</Typography.Text>
          )}
        </Card>
      ))}
      <Button
        size="small"
        disabled={!fields.length}
        data-testid="rule-add"
        onClick={() => void run((s) => setRule(s, { field, effect: 'visible', when: { mode: 'all', items: [newLeaf(fields[0])] } }))}
      >
        {t('rule.add')}
      </Button>
    </div>
  );
}
