/**
 * The designer's editing state with undo/redo (DESIGN §5): commands as plain data, applied by `execute` to
 * the present definition; every change pushes the previous definition on the undo stack and clears redo.
 * The id source is not undone: an id issued once (even to an undone insert) is never issued again.
 * Pure TS, no React.
 */
import type { FlowDef } from '../../../engine/flow/types';
import * as C from './commands';
import { idSource, issuer, markUsed, type IdSource } from './ids';
import { allIds } from './tree';

/** A command of the designer (what the toolbar, the "+" menus and the property panel send). */
export type FlowCommand =
  | { kind: 'insertNode'; at: C.InsertAt; type: C.InsertableType }
  | { kind: 'addSplit'; at: C.InsertAt; type: C.SplitType }
  | { kind: 'addBranch'; splitId: string }
  | { kind: 'deleteNode'; id: string }
  | { kind: 'deleteBranch'; branchId: string }
  | { kind: 'moveBranch'; branchId: string; delta: -1 | 1 }
  | { kind: 'updateNode'; id: string; patch: Record<string, unknown> }
  | { kind: 'setTitle'; id: string; text: string }
  | { kind: 'setFieldPermission'; id: string; field: string; perm: 'R' | 'W' | 'H' | null }
  | { kind: 'updateBranch'; branchId: string; title?: string; condition?: string | null }
  | { kind: 'setDefaultBranch'; branchId: string };

/** The editing state. Treat as immutable. */
export interface FlowHistory {
  readonly present: FlowDef;
  /** Earlier definitions, oldest first. */
  readonly past: readonly FlowDef[];
  /** Undone definitions, the next redo last. */
  readonly future: readonly FlowDef[];
  readonly ids: IdSource;
  /** The node or branch the last command created, if any (the view selects it). */
  readonly created: string | null;
  readonly titles: C.Titles;
  /** Undo depth kept (older steps are dropped). */
  readonly limit: number;
}

/** Options of createHistory. */
export interface HistoryOptions {
  /** Default titles of new nodes / branches (the view passes localised ones). */
  titles?: C.Titles;
  /** Ids never to issue besides the definition's own (e.g. those of older revisions). */
  reservedIds?: Iterable<string>;
  /** Undo depth (default 200). */
  limit?: number;
}

/** A history whose present is `def`, nothing to undo or redo. */
export function createHistory(def: FlowDef, opts: HistoryOptions = {}): FlowHistory {
  return {
    present: def,
    past: [],
    future: [],
    ids: markUsed(idSource(allIds(def)), opts.reservedIds ?? []),
    created: null,
    titles: opts.titles ?? C.PLAIN_TITLES,
    limit: opts.limit ?? 200,
  };
}

/**
 * Applies one command to a definition. Answers the new definition and the id created (node or branch).
 * @throws DesignerError when the command is refused.
 */
export function applyCommand(def: FlowDef, cmd: FlowCommand, env: C.CommandEnv): { def: FlowDef; created: string | null } {
  switch (cmd.kind) {
    case 'insertNode': {
      const r = C.insertNode(def, cmd.at, cmd.type, env);
      return { def: r.def, created: r.id };
    }
    case 'addSplit': {
      const r = C.addSplit(def, cmd.at, cmd.type, env);
      return { def: r.def, created: r.id };
    }
    case 'addBranch': {
      const r = C.addBranch(def, cmd.splitId, env);
      return { def: r.def, created: r.id };
    }
    case 'deleteNode':
      return { def: C.deleteNode(def, cmd.id), created: null };
    case 'deleteBranch':
      return { def: C.deleteBranch(def, cmd.branchId), created: null };
    case 'moveBranch':
      return { def: C.moveBranch(def, cmd.branchId, cmd.delta), created: null };
    case 'updateNode':
      return { def: C.updateNode(def, cmd.id, cmd.patch), created: null };
    case 'setTitle':
      return { def: C.setNodeTitle(def, cmd.id, cmd.text), created: null };
    case 'setFieldPermission':
      return { def: C.setFieldPermission(def, cmd.id, cmd.field, cmd.perm), created: null };
    case 'updateBranch':
      return { def: C.updateBranch(def, cmd.branchId, { title: cmd.title, condition: cmd.condition }), created: null };
    case 'setDefaultBranch':
      return { def: C.setDefaultBranch(def, cmd.branchId), created: null };
  }
}

/**
 * Runs a command on the present definition. A command that changes nothing leaves the history as it is.
 * @throws DesignerError when the command is refused (the history is unchanged).
 */
export function execute(h: FlowHistory, cmd: FlowCommand): FlowHistory {
  const iss = issuer(h.ids);
  const { def, created } = applyCommand(h.present, cmd, { fresh: iss.fresh, titles: h.titles });
  if (def === h.present) return h;
  const past = [...h.past, h.present];
  if (past.length > h.limit) past.splice(0, past.length - h.limit);
  return { ...h, present: def, past, future: [], ids: iss.result(), created };
}

/** Whether there is something to undo / redo. */
export const canUndo = (h: FlowHistory): boolean => h.past.length > 0;
export const canRedo = (h: FlowHistory): boolean => h.future.length > 0;

/** The previous definition (no-op when there is none). */
export function undo(h: FlowHistory): FlowHistory {
  if (!h.past.length) return h;
  return { ...h, present: h.past[h.past.length - 1], past: h.past.slice(0, -1), future: [...h.future, h.present], created: null };
}

/** The definition undone last (no-op when there is none). */
export function redo(h: FlowHistory): FlowHistory {
  if (!h.future.length) return h;
  return { ...h, present: h.future[h.future.length - 1], past: [...h.past, h.present], future: h.future.slice(0, -1), created: null };
}

/** Replaces the definition without a history step (e.g. after loading a revision): undo / redo are cleared. */
export function reset(h: FlowHistory, def: FlowDef): FlowHistory {
  return { ...h, present: def, past: [], future: [], ids: markUsed(h.ids, allIds(def)), created: null };
}
