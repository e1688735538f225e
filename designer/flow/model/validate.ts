/**
 * Validation of a flow before publish (DESIGN §5): the structural checks of engine/flow
 * (validateFlow: start … end, unique ids, every condition set with exactly one default branch, assignee rules
 * on approve / handle / cc nodes, vote ratios, …) plus what the designer knows more: every branch condition
 * type-checks as a bool against the flow's entity model (engine/expr), form fields named by field permissions
 * and assignee rules exist, rules are complete, deadlines positive, and no node is unreachable (after an end;
 * in a branch whose condition is constant false, repeats an earlier branch's, or follows a constant-true one).
 * Problems come per node (or branch) id with an i18n key of the `flowdesigner` namespace. Pure TS.
 */
import { checkExpression, createEnv, envFromModel, evaluateExpression, referencedFields, type ExprEnv, type ExprLocale } from '../../../engine/expr';
import { validateFlow } from '../../../engine/flow/definition';
import type { AssigneeRule, ConditionBranch, FlowDef, FlowNode } from '../../../engine/flow/types';
import type { EntityModel } from '../../../engine/schema/types';
import { allNodes, isSplit, type AnyBranch } from './tree';

/** A problem of the flow: the node or branch it is about, an i18n key (namespace `flowdesigner`), params. */
export interface DesignerProblem {
  /** Node or branch id ('' for the whole flow). */
  nodeId: string;
  /** Key in the `flowdesigner` namespace, e.g. `problem.noAssigneeRule`. */
  key: string;
  params?: Record<string, string | number>;
  /** English text, for logs. */
  message: string;
}

/** What validation is given. */
export interface ValidateOptions {
  /** The flow's entity model: types the conditions, names the fields (DESIGN §4). */
  model?: EntityModel;
  /** An expression environment to use instead of one derived from `model`. Without either, conditions are not type-checked. */
  env?: ExprEnv;
  /** Registered service actions (unknown ones are reported). */
  services?: string[];
  /** Locale of the expression checker's messages (param `detail` of `problem.condition`), default zh-CN. */
  locale?: ExprLocale;
}

const constEnv = createEnv({});

/** The value of a condition that reads no field (true / false), else undefined. */
function constantValue(cel: string): boolean | undefined {
  try {
    if (referencedFields(cel).length) return undefined;
    const v = evaluateExpression(cel, constEnv);
    return typeof v === 'boolean' ? v : undefined;
  } catch {
    return undefined;
  }
}

const norm = (cel: string) => cel.replace(/\s+/g, '');

/**
 * Problems of `def` (empty: ready to publish). Never throws.
 */
export function validateForPublish(def: FlowDef, opts: ValidateOptions = {}): DesignerProblem[] {
  const out: DesignerProblem[] = [];
  const add = (nodeId: string, key: string, message: string, params?: Record<string, string | number>) =>
    out.push({ nodeId, key, message, ...(params ? { params } : {}) });

  for (const p of validateFlow(def, opts.services ? { services: opts.services } : {})) {
    let key = p.key.replace(/^flow\./, '');
    if (key === 'problem.oneDefault' && p.params?.count === 0) key = 'problem.noDefault';
    add(p.nodeId, key, p.message, p.params);
  }

  const env = opts.env ?? (opts.model ? envFromModel(opts.model) : undefined);
  const fields = opts.model ? new Set(Object.keys(opts.model.properties ?? {})) : null;
  const unreachable = new Set<string>();
  const markAll = (seq: FlowNode[]) => {
    for (const n of allNodes(seq)) unreachable.add(n.id);
  };
  const checkSeq = (seq: FlowNode[]) => {
    const end = seq.findIndex((n) => n.type === 'end');
    if (end >= 0) markAll(seq.slice(end + 1));
  };
  checkSeq(def.nodes ?? []);

  for (const n of allNodes(def.nodes ?? [])) {
    if (isSplit(n)) for (const b of n.branches as AnyBranch[]) checkSeq(b.nodes ?? []);
    if (n.type === 'branch') checkConditions(n.branches ?? [], env, opts.locale, add, unreachable, markAll);
    if (n.type === 'approve' || n.type === 'handle' || n.type === 'cc') {
      for (const r of n.assignees ?? []) checkRule(n.id, r, fields, add);
    }
    if (n.type === 'approve' || n.type === 'handle') {
      for (const r of n.ccOnDone ?? []) checkRule(n.id, r, fields, add);
      const d = n.deadline;
      if (d && !((d.workdays ?? 0) > 0 || (d.hours ?? 0) > 0)) add(n.id, 'problem.deadline', 'a deadline must be a positive number of working days or hours');
    }
    if (fields && (n.type === 'start' || n.type === 'approve' || n.type === 'handle')) {
      for (const f of Object.keys(n.fieldPermissions ?? {}))
        if (!fields.has(f)) add(n.id, 'problem.unknownField', `field permission of unknown field "${f}"`, { field: f });
    }
  }
  for (const id of unreachable) add(id, 'problem.unreachable', 'the flow can never reach this node');
  return out;
}

type Add = (nodeId: string, key: string, message: string, params?: Record<string, string | number>) => void;

function checkConditions(
  branches: ConditionBranch[],
  env: ExprEnv | undefined,
  locale: ExprLocale | undefined,
  add: Add,
  unreachable: Set<string>,
  markAll: (seq: FlowNode[]) => void,
): void {
  const seen = new Set<string>();
  let always = false;
  for (const b of branches) {
    const cel = b.condition?.cel?.trim();
    const dead = () => {
      unreachable.add(b.id);
      markAll(b.nodes ?? []);
    };
    if (always) {
      dead();
      continue;
    }
    if (b.default === true || !cel) continue;
    if (env) {
      const r = checkExpression(cel, env, { expect: 'bool', locale });
      if (!r.ok) {
        add(b.id, 'problem.condition', `condition does not type-check: ${r.message}`, { detail: r.message });
        continue;
      }
    }
    const c = constantValue(cel);
    if (c === false || seen.has(norm(cel))) dead();
    else if (c === true) always = true;
    seen.add(norm(cel));
  }
}

function checkRule(nodeId: string, r: AssigneeRule, fields: Set<string> | null, add: Add): void {
  const empty = () => add(nodeId, 'problem.emptyRule', `an assignee rule "${r.kind}" names nobody`, { kind: r.kind });
  const field = (f: string) => {
    if (!f) empty();
    else if (fields && !fields.has(f)) add(nodeId, 'problem.unknownField', `assignee rule names unknown field "${f}"`, { field: f });
  };
  switch (r.kind) {
    case 'users':
      if (!r.users?.length) empty();
      break;
    case 'roles':
      if (!r.roles?.length) empty();
      break;
    case 'positions':
      if (!r.positions?.length) empty();
      break;
    case 'leader':
      if (!(r.level >= 1)) add(nodeId, 'problem.leaderLevel', 'the leader level must be 1 or more');
      if (typeof r.of === 'object') field(r.of.field);
      break;
    case 'leaderChain':
      if (!(r.upTo >= 1)) add(nodeId, 'problem.leaderLevel', 'the leader level must be 1 or more');
      if (r.of && typeof r.of === 'object') field(r.of.field);
      break;
    case 'formField':
      field(r.field);
      break;
    default:
      break;
  }
}

/** Problems grouped by node / branch id. */
export function problemsByNode(problems: readonly DesignerProblem[]): Map<string, DesignerProblem[]> {
  const m = new Map<string, DesignerProblem[]>();
  for (const p of problems) {
    const list = m.get(p.nodeId);
    if (list) list.push(p);
    else m.set(p.nodeId, [p]);
  }
  return m;
}
