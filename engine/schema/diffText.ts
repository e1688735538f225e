/**
 * One diff change (./diff.ts, ./diffFlow.ts) as a sentence in the reader's language, through i18n keys of
 * the `revisions` namespace (src/app/locales/<lang>/revisions.json; the server has the same keys under
 * `revisions.` in src/server/i18n): “字段 请假事由: 标签 事由 → 请假事由”, “节点 分管领导: 模式 或签 → 会签”,
 * “新增节点 人事科”. Values are named where the keys know them (modes, R/W/H, booleans, assignee rules,
 * durations); other values are shown as they are (strings) or as compact JSON. Pure: no React, no Node.
 */
import { canonicalJson } from './hash';
import type { Change } from './diff';

/**
 * Translator of the `revisions` keys: `key` without the namespace (e.g. `target.field`), `params` filled
 * into the text's placeholders. Client: `(k, p) => t(k, { ns: 'revisions', ...p })`; server:
 * `(k, p) => req.t('revisions.' + k, p)`.
 */
export type DiffTranslate = (key: string, params?: Record<string, string>) => string;

/** Properties with a `property.<name>` key (others are shown by name). */
export const KNOWN_PROPERTIES = [
  'label',
  'required',
  'default',
  'defaultFrom',
  'options',
  'kind',
  'readOnly',
  'widget',
  'span',
  'placeholder',
  'title',
  'columns',
  'totals',
  'text',
  'type',
  'field',
  'flow',
  'entity',
  'condition',
  'effect',
  'message',
  'priority',
  'mode',
  'ratio',
  'assignees',
  'emptyAssignee',
  'dedupe',
  'actions',
  'returnTargets',
  'deadline',
  'ccOnDone',
  'circulate',
  'join',
  'duration',
  'action',
  'handleKind',
  'description',
  'resubmit',
  'withdraw',
  'urgeEvery',
  'fieldPermissions',
  'validation',
] as const;

/** Validation keywords with a `validation.<name>` key (`x-pattern-message` as `patternMessage`). */
const VALIDATION_NAMES: Record<string, string> = {
  minLength: 'minLength',
  maxLength: 'maxLength',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusiveMinimum',
  exclusiveMaximum: 'exclusiveMaximum',
  pattern: 'pattern',
  'x-pattern-message': 'patternMessage',
  minItems: 'minItems',
  maxItems: 'maxItems',
  format: 'format',
  multipleOf: 'multipleOf',
};

/** Value keys per property: `<prefix>.<value>` (mode.all → 会签). */
const VALUE_KEYS: Record<string, string> = {
  defaultFrom: 'defaultFrom',
  mode: 'mode',
  join: 'join',
  emptyAssignee: 'emptyAssignee',
  withdraw: 'withdraw',
  returnTargets: 'returnTarget',
  actions: 'action',
  fieldPermissions: 'permission',
  effect: 'effect',
};
const KNOWN_VALUES: Record<string, string[]> = {
  defaultFrom: ['user', 'dept'],
  mode: ['sequential', 'all', 'any', 'vote'],
  join: ['all', 'any'],
  emptyAssignee: ['skip', 'toAdmin', 'error'],
  withdraw: ['untilActed', 'whileRunning'],
  returnTarget: ['previous', 'initiator', 'anyDone'],
  action: ['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign', 'cc', 'comment', 'saveDraft', 'signFor', 'recall'],
  permission: ['R', 'W', 'H'],
  effect: ['visible', 'required', 'readOnly'],
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : String(v ?? ''));

/** The property's name in the reader's language (`fieldPermissions.reason` → “字段权限 reason”). */
export function propertyName(property: string, t: DiffTranslate): string {
  const [head, ...rest] = property.split('.');
  const tail = rest.join('.');
  if (head === 'validation' && VALIDATION_NAMES[tail]) return t(`validation.${VALIDATION_NAMES[tail]}`);
  if (!(KNOWN_PROPERTIES as readonly string[]).includes(head)) return property;
  return tail ? `${t(`property.${head}`)} ${tail}` : t(`property.${head}`);
}

function duration(v: Obj, t: DiffTranslate): string {
  const parts: string[] = [];
  if (typeof v.workdays === 'number') parts.push(t('duration.workdays', { n: String(v.workdays) }));
  if (typeof v.hours === 'number') parts.push(t('duration.hours', { n: String(v.hours) }));
  return parts.join(' ');
}

function assignee(rule: Obj, t: DiffTranslate): string {
  switch (rule.kind) {
    case 'users':
      return t('assignee.users', { users: list(rule.users) });
    case 'roles':
      return t('assignee.roles', { roles: list(rule.roles) });
    case 'positions':
      return t('assignee.positions', { positions: list(rule.positions) });
    case 'leader':
      return t('assignee.leader', { level: String(rule.level) });
    case 'leaderChain':
      return t('assignee.leaderChain', { upTo: String(rule.upTo) });
    case 'initiatorPicks':
      return t('assignee.initiatorPicks');
    case 'formField':
      return t('assignee.formField', { field: String(rule.field) });
    case 'initiator':
      return t('assignee.initiator');
    default:
      return canonicalJson(rule);
  }
}

/** A value of `property` in the reader's language. */
export function valueText(property: string, v: unknown, t: DiffTranslate): string {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return t('value.none');
  if (typeof v === 'boolean') return t(v ? 'value.true' : 'value.false');
  const head = property.split('.')[0];
  const prefix = VALUE_KEYS[head];
  const named = (x: unknown) =>
    prefix && typeof x === 'string' && KNOWN_VALUES[prefix].includes(x)
      ? t(`${prefix}.${x}`)
      : typeof x === 'string' || typeof x === 'number'
        ? String(x)
        : canonicalJson(x);
  if ((head === 'assignees' || head === 'ccOnDone') && Array.isArray(v))
    return v.map((r) => (isObj(r) ? assignee(r, t) : String(r))).join(t('value.separator'));
  if ((head === 'deadline' || head === 'duration' || head === 'urgeEvery') && isObj(v)) return duration(v, t) || t('value.none');
  if (head === 'options' && isObj(v) && typeof v.dict === 'string') return t('value.dict', { code: v.dict });
  if (Array.isArray(v)) return v.map(named).join(t('value.separator'));
  return named(v);
}

type Item = { value: string; label: string };
const itemsOf = (v: unknown): Item[] =>
  Array.isArray(v)
    ? v
        .filter((x): x is Item => isObj(x) && typeof x.value === 'string')
        .map((x) => ({ value: x.value, label: typeof x.label === 'string' && x.label ? x.label : x.value }))
    : [];

/**
 * The sentence of an `optionItems` change (the items of a field's dictionary, ./diff.ts): “字段 状态: 选项 新增 已延期；
 * 删除 已取消；计划中 改为 拟安排” — items added and removed (by value), relabelled, and “顺序调整” when only the order changed.
 */
function optionsSentence(c: Change, t: DiffTranslate): string {
  const before = itemsOf(c.before);
  const after = itemsOf(c.after);
  const was = new Map(before.map((i) => [i.value, i]));
  const now = new Set(after.map((i) => i.value));
  const sep = t('value.separator');
  const parts: string[] = [];
  const added = after.filter((i) => !was.has(i.value));
  const removed = before.filter((i) => !now.has(i.value));
  if (added.length) parts.push(t('options.added', { items: added.map((i) => i.label).join(sep) }));
  if (removed.length) parts.push(t('options.removed', { items: removed.map((i) => i.label).join(sep) }));
  for (const i of after) {
    const old = was.get(i.value);
    if (old && old.label !== i.label) parts.push(t('options.relabelled', { before: old.label, after: i.label }));
  }
  if (!parts.length) parts.push(t('options.reordered'));
  return t('change.options', { target: t(`target.${c.target}`), label: c.label, changes: parts.join(t('options.separator')) });
}

/** One change as a sentence (see the module comment). */
export function renderChange(c: Change, t: DiffTranslate): string {
  if (c.kind === 'changed' && c.property === 'optionItems') return optionsSentence(c, t);
  const target = t(`target.${c.target}`);
  const label = c.label;
  if (c.kind === 'added' || c.kind === 'removed') return t(`change.${c.kind}`, { target, label });
  if (c.kind === 'moved') {
    if (c.before === c.after) return t('change.reordered', { target, label });
    const where = (p: unknown) => (p === null || p === undefined ? t('value.root') : String(p));
    return t('change.moved', { target, label, before: where(c.before), after: where(c.after) });
  }
  const property = propertyName(c.property ?? '', t);
  return t('change.changed', { target, label, property, before: valueText(c.property ?? '', c.before, t), after: valueText(c.property ?? '', c.after, t) });
}
