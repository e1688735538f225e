/**
 * Editor of a node's assignee rules (DESIGN §5): users (the person picker of widgets/), roles (codes), positions,
 * the N-th level leader of the initiator or of a form field's department, the leader chain, initiator picks, a
 * form field, the initiator. One row per rule: its kind and its settings; rules are added from a menu.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Dropdown, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { AssigneeRule, LeaderOf } from '../../engine/flow/types';
import type { EntityModel } from '../../engine/schema/types';
import { resource, selector } from '../../engine/data/api';
import { UsersWidget } from '../../widgets/OrgPicker';

const KINDS: AssigneeRule['kind'][] = ['users', 'roles', 'positions', 'leader', 'leaderChain', 'initiatorPicks', 'formField', 'initiator'];

/** A fresh rule of `kind` (to be completed in its row). */
export function blankRule(kind: AssigneeRule['kind']): AssigneeRule {
  switch (kind) {
    case 'users':
      return { kind, users: [] };
    case 'roles':
      return { kind, roles: [] };
    case 'positions':
      return { kind, positions: [] };
    case 'leader':
      return { kind, level: 1, of: 'initiator' };
    case 'leaderChain':
      return { kind, upTo: 2, of: 'initiator' };
    case 'initiatorPicks':
      return { kind };
    case 'formField':
      return { kind, field: '' };
    case 'initiator':
      return { kind };
  }
}

/** Fields of the model whose `x-kind` is one of `kinds`, as Select options (label: the field title). */
export function fieldOptions(model: EntityModel | undefined, kinds: string[]): { value: string; label: string }[] {
  return Object.entries(model?.properties ?? {})
    .filter(([, p]) => kinds.includes(String(p['x-kind'] ?? '')))
    .map(([key, p]) => ({ value: key, label: `${p['x-title']?.d ?? key} (${key})` }));
}

/** Options loaded once (roles / positions); none while the server is unreachable. */
function useOptions<V>(load: () => Promise<{ value: V; label: string }[]>): { value: V; label: string }[] {
  const [opts, setOpts] = useState<{ value: V; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    load().then(
      (o) => live && setOpts(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return opts;
}

function RolesSelect({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('flowdesigner');
  const options = useOptions(async () =>
    (await resource('role').list({ current: 1, pageSize: 200 })).list.map((r) => ({
      value: String(r.code ?? r.id),
      label: `${String(r.name ?? r.code)} (${String(r.code ?? r.id)})`,
    })),
  );
  return (
    <Select mode="tags" style={{ width: '100%' }} value={value} options={options} placeholder={t('rule.roles')} onChange={onChange} optionFilterProp="label" />
  );
}

function PositionsSelect({ value, onChange }: { value: number[]; onChange: (v: number[]) => void }) {
  const { t } = useTranslation('flowdesigner');
  const options = useOptions(async () => (await selector.position()).map((p) => ({ value: p.id, label: p.name })));
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      value={value}
      options={options}
      placeholder={t('rule.positions')}
      onChange={onChange}
      optionFilterProp="label"
    />
  );
}

/** The person picker of widgets/ outside an rjsf form (only the props it reads). */
function UsersPicker({ id, value, onChange }: { id: string; value: number[]; onChange: (v: number[]) => void }) {
  const props = {
    id,
    value,
    onChange: (v: unknown) => onChange(Array.isArray(v) ? v.map(Number) : []),
    disabled: false,
    readonly: false,
    rawErrors: [],
    placeholder: '',
    registry: undefined,
  } as unknown as WidgetProps;
  return <UsersWidget {...props} />;
}

function LeaderOfSelect({ value, model, onChange }: { value: LeaderOf | undefined; model?: EntityModel; onChange: (v: LeaderOf) => void }) {
  const { t } = useTranslation('flowdesigner');
  const depts = fieldOptions(model, ['dept', 'depts']);
  const options = [{ value: '', label: t('rule.ofInitiator') }, ...depts.map((d) => ({ value: d.value, label: t('rule.ofField', { field: d.label }) }))];
  const v = !value || value === 'initiator' ? '' : value.field;
  return (
    <Select
      style={{ minWidth: 160 }}
      value={v}
      options={options}
      onChange={(x: string) => onChange(x ? { field: x } : 'initiator')}
      aria-label={t('rule.of')}
    />
  );
}

/** The settings of one rule. */
function RuleSettings({ rule, model, idBase, onChange }: { rule: AssigneeRule; model?: EntityModel; idBase: string; onChange: (r: AssigneeRule) => void }) {
  const { t } = useTranslation('flowdesigner');
  switch (rule.kind) {
    case 'users':
      return <UsersPicker id={`${idBase}-users`} value={rule.users} onChange={(users) => onChange({ ...rule, users })} />;
    case 'roles':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <RolesSelect value={rule.roles} onChange={(roles) => onChange({ ...rule, roles })} />
          <Checkbox
            checked={rule.within === 'initiatorUnit'}
            onChange={(e) => onChange(e.target.checked ? { ...rule, within: 'initiatorUnit' } : { kind: 'roles', roles: rule.roles })}
          >
            {t('rule.withinUnit')}
          </Checkbox>
        </Space>
      );
    case 'positions':
      return <PositionsSelect value={rule.positions} onChange={(positions) => onChange({ ...rule, positions })} />;
    case 'leader':
      return (
        <Space wrap>
          <LeaderOfSelect value={rule.of} model={model} onChange={(of) => onChange({ ...rule, of })} />
          <InputNumber
            min={1}
            max={10}
            precision={0}
            value={rule.level}
            addonBefore={t('rule.level')}
            onChange={(level) => onChange({ ...rule, level: Number(level ?? 1) })}
          />
        </Space>
      );
    case 'leaderChain':
      return (
        <Space wrap>
          <LeaderOfSelect value={rule.of} model={model} onChange={(of) => onChange({ ...rule, of })} />
          <InputNumber
            min={1}
            max={10}
            precision={0}
            value={rule.upTo}
            addonBefore={t('rule.upTo')}
            onChange={(upTo) => onChange({ ...rule, upTo: Number(upTo ?? 1) })}
          />
        </Space>
      );
    case 'initiatorPicks':
      return (
        <Checkbox checked={rule.multiple === true} onChange={(e) => onChange(e.target.checked ? { ...rule, multiple: true } : { kind: 'initiatorPicks' })}>
          {t('rule.multiple')}
        </Checkbox>
      );
    case 'formField':
      return (
        <Select
          style={{ width: '100%' }}
          value={rule.field || undefined}
          placeholder={t('rule.field')}
          options={fieldOptions(model, ['user', 'users'])}
          onChange={(field: string) => onChange({ ...rule, field })}
        />
      );
    case 'initiator':
      return <Typography.Text type="secondary">{t('rule.initiatorHint')}</Typography.Text>;
  }
}

/** The rule list editor: `value` the rules, `onChange` the new list. */
export function AssigneeRules({
  value,
  onChange,
  model,
  testId,
}: {
  value: AssigneeRule[];
  onChange: (rules: AssigneeRule[]) => void;
  model?: EntityModel;
  testId: string;
}) {
  const { t } = useTranslation('flowdesigner');
  const set = (i: number, r: AssigneeRule) => onChange(value.map((x, j) => (j === i ? r : x)));
  return (
    <div className="oa-flowd-rules" data-testid={testId}>
      {value.map((rule, i) => (
        <div key={i} className="oa-flowd-rule" data-testid={`${testId}-${i}`}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Select
              size="small"
              style={{ minWidth: 150 }}
              value={rule.kind}
              options={KINDS.map((k) => ({ value: k, label: t(`rule.kind.${k}`) }))}
              onChange={(k: AssigneeRule['kind']) => set(i, blankRule(k))}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('rule.remove')}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          </Space>
          <div className="oa-flowd-rule-body">
            <RuleSettings rule={rule} model={model} idBase={`${testId}-${i}`} onChange={(r) => set(i, r)} />
          </div>
        </div>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: KINDS.map((k) => ({ key: k, label: <span data-testid={`${testId}-add-${k}`}>{t(`rule.kind.${k}`)}</span> })),
          onClick: ({ key }) => onChange([...value, blankRule(key as AssigneeRule['kind'])]),
        }}
      >
        <Button size="small" icon={<PlusOutlined />} data-testid={`${testId}-add`}>
          {t('rule.add')}
        </Button>
      </Dropdown>
    </div>
  );
}
