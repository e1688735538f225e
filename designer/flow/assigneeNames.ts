/**
 * Names of the people a flow's nodes are assigned to, for the canvas (DESIGN §5): the users, roles and positions
 * chosen in assignee rules resolved through the organisation data the property panel also uses (selector.getlist
 * for users, the role list, selector.position), and each task node's assignee summary built from them —
 * “张三、李四”, “办公室主任 等 3 个”, “第 2 级主管”, the form field's title — instead of the rule kind (指定成员).
 * Until a name arrives (or when the server does not answer) the rule's kind is shown.
 */
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { AssigneeRule, FlowDef, TaskNode } from '../../engine/flow/types';
import type { EntityModel } from '../../engine/schema/types';
import { resource, selector } from '../../engine/data/api';
import { allNodes } from './model';

/** Names known so far: user id → name, role code → name, position id → name. */
export interface AssigneeNames {
  users: Record<string, string>;
  roles: Record<string, string>;
  positions: Record<string, string>;
}

/** No names known. */
export const NO_NAMES: AssigneeNames = { users: {}, roles: {}, positions: {} };

/** At most this many names are listed in a summary; more are counted. */
export const MAX_NAMES = 3;

/** The rules of every task node of `def`. */
function rulesOf(def: FlowDef): AssigneeRule[] {
  return allNodes(def.nodes).flatMap((n) => {
    const a = (n as TaskNode).assignees;
    return Array.isArray(a) ? a : [];
  });
}

/**
 * The names the rules of `def` need, loaded as they are first needed: roles and positions once (their lists),
 * users by id (those not yet known). Failures leave the names unknown.
 */
export function useAssigneeNames(def: FlowDef): AssigneeNames {
  const [names, setNames] = useState<AssigneeNames>(NO_NAMES);
  const asked = useRef({ users: new Set<number>(), roles: false, positions: false });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    // an answer asked for by an earlier definition still counts: only unmounting drops it
    const merge = (kind: keyof AssigneeNames, part: Record<string, string>) => {
      if (mounted.current) setNames((n) => ({ ...n, [kind]: { ...n[kind], ...part } }));
    };
    const rules = rulesOf(def);
    const users = [...new Set(rules.flatMap((r) => (r.kind === 'users' ? r.users : [])))].filter((id) => !asked.current.users.has(id));
    if (users.length) {
      users.forEach((id) => asked.current.users.add(id));
      selector.getlist({ users }).then(
        (r) => merge('users', r.users ?? {}),
        () => users.forEach((id) => asked.current.users.delete(id)),
      );
    }
    if (!asked.current.roles && rules.some((r) => r.kind === 'roles')) {
      asked.current.roles = true;
      resource('role')
        .list({ current: 1, pageSize: 200 })
        .then(
          (r) => merge('roles', Object.fromEntries(r.list.map((x) => [String(x.code ?? x.id), String(x.name ?? x.code)]))),
          () => (asked.current.roles = false),
        );
    }
    if (!asked.current.positions && rules.some((r) => r.kind === 'positions')) {
      asked.current.positions = true;
      selector.position().then(
        (list) => merge('positions', Object.fromEntries(list.map((p) => [String(p.id), p.name]))),
        () => (asked.current.positions = false),
      );
    }
  }, [def]);
  return names;
}

/** `names` listed (at most MAX_NAMES, then “等 n 个”), or null when none is known. */
function listed(known: string[], total: number, t: TFunction): string | null {
  if (!known.length) return null;
  const shown = known.slice(0, MAX_NAMES).join(t('node.sep'));
  return total > MAX_NAMES ? t('node.andMore', { names: shown, count: total }) : shown;
}

/** One rule in words: the chosen people's names where the rule names people, else what the rule means. */
export function ruleSummary(rule: AssigneeRule, names: AssigneeNames, t: TFunction, model?: EntityModel): string {
  const kind = t(`rule.kind.${rule.kind}`);
  const pick = (ids: (string | number)[], table: Record<string, string>) =>
    listed(
      ids.map((id) => table[String(id)]).filter((n): n is string => !!n),
      ids.length,
      t,
    ) ?? kind;
  switch (rule.kind) {
    case 'users':
      return pick(rule.users, names.users);
    case 'roles':
      return pick(rule.roles, names.roles);
    case 'positions':
      return pick(rule.positions, names.positions);
    case 'leader':
      return t('node.leader', { level: rule.level });
    case 'leaderChain':
      return t('node.leaderChain', { upTo: rule.upTo });
    case 'formField': {
      const title = model?.properties[rule.field]?.['x-title']?.d;
      return title ? t('node.formField', { field: title }) : kind;
    }
    default:
      return kind;
  }
}
