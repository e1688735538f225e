/**
 * Overlays (DESIGN §4): what administrators change in a designer, as operations addressed by node id
 * (set / unset / insert / remove / move / i18n), applied over the base definition from the repository.
 * Pure: the input is never mutated; problems come back as conflicts, never as exceptions.
 */
import { hashDefinition } from './hash';
import type { OverlayDef, OverlayOp } from './types';

export { canonicalJson, hashDefinition } from './hash';

/** Why an operation (or the whole overlay) did not apply cleanly. */
export type ConflictKind = 'base-moved' | 'target' | 'not-found' | 'ambiguous' | 'duplicate-id' | 'invalid';

/** One conflict: `op` is the index of the operation in `overlay.ops` (null for the overlay as a whole). */
export interface OverlayConflict {
  op: number | null;
  kind: ConflictKind;
  message: string;
}

/** Result of `applyOverlay`: the effective definition, the conflicts, and locale overrides by locale. */
export interface OverlayResult<T> {
  def: T;
  conflicts: OverlayConflict[];
  /** i18n ops, as `{locale: {key: text}}`; zh-CN ones are also written into the `d` of matching Texts. */
  messages: Record<string, Record<string, string>>;
}

type Obj = Record<string, unknown>;
/** Where a node sits: the owning array (null for the root) and the node itself. */
interface Located {
  node: Obj;
  list: unknown[] | null;
}

/** Lists a parent's children may live in, in the order tried when an op names no `list`. */
export const CHILD_LISTS = [
  'children',
  'columns',
  'fields',
  'layout',
  'items',
  'filters',
  'views',
  'toolbar',
  'rowActions',
  'bulkActions',
  'rules',
  'computed',
  'validators',
  'related',
  'menus',
  'actions',
];

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every object carrying string `id` === `id`, anywhere in the tree, with the array that holds it. */
function findAll(root: unknown, id: string): Located[] {
  const out: Located[] = [];
  const walk = (v: unknown, list: unknown[] | null) => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, v);
    } else if (isObj(v)) {
      if (v.id === id) out.push({ node: v, list });
      for (const k of Object.keys(v)) walk(v[k], null);
    }
  };
  walk(root, null);
  return out;
}

/** Every id of an object in the tree (for duplicate checks on insert). */
function allIds(root: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(root)) root.forEach((x) => allIds(x, into));
  else if (isObj(root)) {
    if (typeof root.id === 'string') into.add(root.id);
    for (const k of Object.keys(root)) allIds(root[k], into);
  }
  return into;
}

function pathSegments(path: string): string[] {
  return path.startsWith('/')
    ? path
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    : path.split('.');
}

/**
 * Apply an overlay to a definition. Checks `overlay.target` against `def.id` and `overlay.baseHash`
 * against `hashDefinition(def)` (a moved base is a `base-moved` conflict, the ops are still tried);
 * every op that cannot apply (node not found, ambiguous id, inserted id already present, bad path)
 * is skipped and listed. Paths are dotted (`title.d`) or JSON pointers (`/title/d`); they never
 * index into arrays — array members are addressed by their id.
 */
export function applyOverlay<T>(def: T, overlay: Pick<OverlayDef, 'target' | 'baseHash' | 'ops'>): OverlayResult<T> {
  const root = structuredClone(def) as unknown;
  const conflicts: OverlayConflict[] = [];
  const messages: Record<string, Record<string, string>> = {};
  const rootId = isObj(root) ? root.id : undefined;
  if (overlay.target !== undefined && rootId !== undefined && overlay.target !== rootId) {
    conflicts.push({ op: null, kind: 'target', message: `overlay targets "${overlay.target}", definition is "${String(rootId)}"` });
  }
  if (overlay.baseHash && overlay.baseHash !== hashDefinition(def)) {
    conflicts.push({
      op: null,
      kind: 'base-moved',
      message: `base definition changed since the overlay was made (baseHash ${overlay.baseHash}, now ${hashDefinition(def)})`,
    });
  }
  overlay.ops.forEach((op, i) => {
    const problem = applyOp(root, op, messages);
    if (problem) conflicts.push({ op: i, ...problem });
  });
  return { def: root as T, conflicts, messages };
}

function locate(root: unknown, id: string): Located | { kind: ConflictKind; message: string } {
  const found = findAll(root, id);
  if (found.length === 0) return { kind: 'not-found', message: `node "${id}" not found` };
  if (found.length > 1) return { kind: 'ambiguous', message: `node id "${id}" occurs ${found.length} times` };
  return found[0];
}

function isProblem(x: Located | { kind: ConflictKind; message: string }): x is { kind: ConflictKind; message: string } {
  return 'kind' in x && !('node' in x);
}

/** The list of `parent` the op targets: named, the one holding `after`, or the first existing child list. */
function targetList(parent: Obj, list: string | undefined, after: string | undefined): unknown[] | string {
  if (list) {
    if (parent[list] === undefined) parent[list] = [];
    return Array.isArray(parent[list]) ? (parent[list] as unknown[]) : `"${list}" of "${String(parent.id)}" is not a list`;
  }
  if (after) {
    for (const k of Object.keys(parent)) {
      const v = parent[k];
      if (Array.isArray(v) && v.some((x) => isObj(x) && x.id === after)) return v;
    }
    return `"${after}" is not a child of "${String(parent.id)}"`;
  }
  for (const k of CHILD_LISTS) if (Array.isArray(parent[k])) return parent[k] as unknown[];
  return `"${String(parent.id)}" has no child list`;
}

function insertInto(list: unknown[], value: unknown, after: string | undefined): string | null {
  if (after === undefined) {
    list.unshift(value);
    return null;
  }
  const at = list.findIndex((x) => isObj(x) && x.id === after);
  if (at < 0) return `sibling "${after}" not found`;
  list.splice(at + 1, 0, value);
  return null;
}

function applyOp(root: unknown, op: OverlayOp, messages: Record<string, Record<string, string>>): { kind: ConflictKind; message: string } | null {
  switch (op.op) {
    case 'set':
    case 'unset': {
      const at = locate(root, op.node);
      if (isProblem(at)) return at;
      const segs = pathSegments(op.path);
      if (segs.some((s) => s === '') || (segs.length === 1 && segs[0] === 'id'))
        return { kind: 'invalid', message: `path "${op.path}" is not a settable property` };
      let cur: Obj = at.node;
      for (const s of segs.slice(0, -1)) {
        const next = cur[s];
        if (next === undefined && op.op === 'set') cur = cur[s] = {};
        else if (isObj(next)) cur = next;
        else
          return {
            kind: op.op === 'unset' && next === undefined ? 'not-found' : 'invalid',
            message: `path "${op.path}" on "${op.node}" does not lead to an object at "${s}"`,
          };
      }
      const last = segs[segs.length - 1];
      if (op.op === 'set') cur[last] = structuredClone(op.value);
      else if (last in cur) delete cur[last];
      else return { kind: 'not-found', message: `"${op.path}" is not set on "${op.node}"` };
      return null;
    }
    case 'insert': {
      const at = locate(root, op.parent);
      if (isProblem(at)) return at;
      if (!isObj(op.value) || typeof op.value.id !== 'string') return { kind: 'invalid', message: 'inserted value needs a string id' };
      const ids = allIds(root);
      const clash = [...allIds(op.value)].find((id) => ids.has(id));
      if (clash) return { kind: 'duplicate-id', message: `id "${clash}" already exists` };
      const list = targetList(at.node, op.list, op.after);
      if (typeof list === 'string') return { kind: 'not-found', message: list };
      const err = insertInto(list, structuredClone(op.value), op.after);
      return err ? { kind: 'not-found', message: err } : null;
    }
    case 'remove': {
      const at = locate(root, op.node);
      if (isProblem(at)) return at;
      if (!at.list) return { kind: 'invalid', message: `node "${op.node}" is not in a list and cannot be removed` };
      at.list.splice(at.list.indexOf(at.node), 1);
      return null;
    }
    case 'move': {
      const at = locate(root, op.node);
      if (isProblem(at)) return at;
      if (!at.list) return { kind: 'invalid', message: `node "${op.node}" is not in a list and cannot be moved` };
      const parent = locate(root, op.parent);
      if (isProblem(parent)) return parent;
      if (findAll(at.node, op.parent).length) return { kind: 'invalid', message: `cannot move "${op.node}" into itself` };
      if (op.after === op.node) return { kind: 'invalid', message: `cannot move "${op.node}" after itself` };
      const from = at.list;
      const index = from.indexOf(at.node);
      from.splice(index, 1);
      const list = targetList(parent.node, op.list, op.after);
      const err = typeof list === 'string' ? list : insertInto(list, at.node, op.after);
      if (err) {
        from.splice(index, 0, at.node);
        return { kind: 'not-found', message: err };
      }
      return null;
    }
    case 'i18n': {
      (messages[op.locale] ??= {})[op.key] = op.value;
      let used = 0;
      const walk = (v: unknown) => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (isObj(v)) {
          if (v.t === op.key && typeof v.d === 'string') {
            used++;
            if (op.locale === 'zh-CN') v.d = op.value;
          }
          Object.values(v).forEach(walk);
        }
      };
      walk(root);
      return used ? null : { kind: 'not-found', message: `i18n key "${op.key}" is used by no text of the definition` };
    }
    default:
      return { kind: 'invalid', message: `unknown op "${String((op as { op?: unknown }).op)}"` };
  }
}
