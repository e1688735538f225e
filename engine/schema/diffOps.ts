/**
 * Overlay operations that turn a base definition into a designer's version (DESIGN §4 Overlays: operations
 * addressed by node id — set / unset / insert / remove / move — never index-based patches). Used when a
 * designer publishes a whole definition: the server stores `overlayOps(base, version)` over the shipped base
 * (./overlay.ts applies them back). Members of lists whose items all carry unique ids are inserted, removed
 * and moved by id (a node moved to another list is one `move`); other values are `set` / `unset` at JSON
 * pointer paths on the nearest node with an id. `overlayOps` checks its result and falls back to setting
 * the changed top-level properties of the root when the fine ops would not reproduce the version.
 * Pure: no React, no Node.
 */
import { canonicalJson } from './hash';
import { movedIds, type Placement } from './diff';
import { applyOverlay } from './overlay';
import type { OverlayOp } from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const pointer = (path: string[]) => '/' + path.map(esc).join('/');

/** Every object with a string id in the tree, by id (ids occurring twice map to null: not addressable). */
function idIndex(root: unknown): Map<string, Obj | null> {
  const out = new Map<string, Obj | null>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      if (typeof v.id === 'string') out.set(v.id, out.has(v.id) ? null : v);
      Object.values(v).forEach(walk);
    }
  };
  walk(root);
  return out;
}

/** Whether every member is an object with a string id, unique within the list. */
function idList(v: unknown): v is Obj[] {
  if (!Array.isArray(v) || v.length === 0) return false;
  const ids = new Set<string>();
  for (const x of v) {
    if (!isObj(x) || typeof x.id !== 'string' || ids.has(x.id)) return false;
    ids.add(x.id);
  }
  return true;
}

interface Ctx {
  ops: OverlayOp[];
  base: Map<string, Obj | null>;
  target: Map<string, Obj | null>;
}

/** Ops turning node `b` (id `node`) into `t`; `path` is the property path below the node. */
function diffObject(ctx: Ctx, node: string, path: string[], b: Obj, t: Obj): void {
  for (const key of new Set([...Object.keys(b), ...Object.keys(t)])) {
    if (path.length === 0 && key === 'id') continue;
    const bv = b[key];
    const tv = t[key];
    if (same(bv, tv)) continue;
    const p = [...path, key];
    if (tv === undefined) ctx.ops.push({ op: 'unset', node, path: pointer(p) });
    else if (isObj(bv) && isObj(tv) && !(typeof tv.id === 'string' && tv.id !== bv.id)) diffObject(ctx, node, p, bv, tv);
    else if (
      path.length === 0 &&
      (idList(bv) || bv === undefined || (Array.isArray(bv) && bv.length === 0)) &&
      idList(tv) &&
      listByIds(ctx, node, key, Array.isArray(bv) ? (bv as Obj[]) : [], tv)
    )
      continue;
    else ctx.ops.push({ op: 'set', node, path: pointer(p), value: tv });
  }
}

/**
 * Ops for list `key` of node `parent` from `b` to `t` (both lists of id'd objects): remove what is gone from
 * the whole tree, insert what is new to it, move what changed place (from another list too), then the
 * members' own properties. False (nothing pushed) when an id is not addressable.
 */
function listByIds(ctx: Ctx, parent: string, key: string, b: Obj[], t: Obj[]): boolean {
  const ids = [...b, ...t].map((x) => x.id as string);
  if (ids.some((id) => ctx.base.get(id) === null || ctx.target.get(id) === null)) return false;
  const inB = new Set(b.map((x) => x.id as string));
  const ops: OverlayOp[] = [];
  for (const x of b) if (!ctx.target.has(x.id as string)) ops.push({ op: 'remove', node: x.id as string });
  const before = new Map<string, Placement>(b.map((x, index) => [x.id as string, { parent, index }]));
  const after = new Map<string, Placement>(t.filter((x) => inB.has(x.id as string)).map((x, index) => [x.id as string, { parent, index }]));
  const moved = movedIds(before, after);
  const later: [string, Obj, Obj][] = [];
  let prev: string | undefined;
  for (const x of t) {
    const id = x.id as string;
    const where = { parent, list: key, ...(prev !== undefined ? { after: prev } : {}) };
    const old = ctx.base.get(id);
    if (!old) ops.push({ op: 'insert', ...where, value: x as { id: string } });
    else {
      if (!inB.has(id) || moved.has(id)) ops.push({ op: 'move', node: id, ...where });
      later.push([id, old, x]);
    }
    prev = id;
  }
  ctx.ops.push(...ops);
  for (const [id, old, x] of later) diffObject(ctx, id, [], old, x);
  return true;
}

/**
 * Overlay ops turning `base` into `target` (both definitions with the same root `id`); applying them with
 * `applyOverlay(base, {ops})` gives a definition equal to `target` (key order aside). Empty when equal.
 */
export function overlayOps(base: unknown, target: unknown): OverlayOp[] {
  if (!isObj(base) || !isObj(target) || typeof base.id !== 'string') throw new Error('overlayOps: definitions with an id expected');
  const root = base.id;
  const ctx: Ctx = { ops: [], base: idIndex(base), target: idIndex(target) };
  diffObject(ctx, root, [], base, target);
  const check = applyOverlay(base, { target: root, baseHash: '', ops: ctx.ops });
  if (check.conflicts.length === 0 && same(check.def, target)) return ctx.ops;
  // fall back: whole top-level properties of the root
  const ops: OverlayOp[] = [];
  for (const key of new Set([...Object.keys(base), ...Object.keys(target)])) {
    if (key === 'id' || same(base[key], target[key])) continue;
    ops.push(
      target[key] === undefined ? { op: 'unset', node: root, path: pointer([key]) } : { op: 'set', node: root, path: pointer([key]), value: target[key] },
    );
  }
  return ops;
}
