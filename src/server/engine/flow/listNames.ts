/**
 * Names of work-list rows (lists, SPEC /flow/list and the areas' 待办 / 已办 …): the flow's and the step's
 * title in the reader's language and who started it, added to the rows ./lists.ts reads.
 */
import type { Kysely } from 'kysely';
import { indexFlow, type FlowDef } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { recentFlow } from './versions.js';

/** Names the work lists show besides the ids: the flow's and the step's title, and who started it. */
export interface ListNames {
  flowTitle: string;
  nodeTitle?: string;
  initiatorName?: string | null;
}

/** Titles given by a text function, per definition: the flow's under FLOW_KEY, steps' under their node id. */
const titleMemo = new WeakMap<object, WeakMap<FlowDef, Map<string, string>>>();
const FLOW_KEY = '\u0000';

/**
 * Adds `flowTitle`, `nodeTitle` (task rows) and `initiatorName` to list rows, in `locale` (titles from the
 * flows' newest versions through `text`, looked up at most every FLOW_TITLE_TTL_MS; initiators in one query,
 * unless `opts.names` already holds them, by row: taskList's `names`), and `open` when `opts.open` is given
 * (the approval route of a flow, given its id and newest version). Keys in that order after the row's own. `text` must answer the same for the
 * same text: what it answers is remembered per function and (immutable) definition version.
 */
export async function withNames<R extends { defId: string; nodeId?: string; initiator?: number }>(
  db: Kysely<DB>,
  rows: R[],
  text: (t: { t: string; d: string } | undefined) => string,
  opts: { names?: (string | null)[]; open?: (defId: string, def: FlowDef | undefined) => string | null } = {},
): Promise<(R & ListNames & { open?: string | null })[]> {
  const defs = new Map<string, FlowDef | undefined>();
  for (const r of rows) if (!defs.has(r.defId)) defs.set(r.defId, undefined);
  for (const id of defs.keys()) defs.set(id, (await recentFlow(db, id))?.def);
  let names: Map<number, string>;
  const given = opts.names && opts.names.length === rows.length ? opts.names : null;
  if (given) names = new Map();
  else {
    const ids = [...new Set(rows.map((r) => r.initiator).filter((x): x is number => typeof x === 'number'))];
    const people = ids.length ? await db.selectFrom('users').select(['id', 'realname']).where('id', 'in', ids).execute() : [];
    names = new Map(people.map((p) => [p.id, p.realname]));
  }
  // A page shows few flows and steps: each title is looked up once per text function and definition.
  let memo = titleMemo.get(text);
  if (!memo) titleMemo.set(text, (memo = new WeakMap()));
  const titlesOf = (def: FlowDef) => {
    let m = memo.get(def);
    if (!m) memo.set(def, (m = new Map()));
    return m;
  };
  const open = opts.open;
  return rows.map((r, i) => {
    const def = defs.get(r.defId);
    const titles = def ? titlesOf(def) : null;
    let flowTitle = titles ? titles.get(FLOW_KEY) : r.defId;
    if (flowTitle === undefined) titles!.set(FLOW_KEY, (flowTitle = text(def!.title)));
    // Object.assign, then the names: V8 (Node 20) copies `{...r, more}` far slower (µs per row).
    const out = Object.assign({}, r) as R & ListNames & { open?: string | null };
    out.flowTitle = flowTitle;
    if (r.nodeId !== undefined) {
      let nodeTitle = titles ? titles.get(r.nodeId) : r.nodeId;
      if (nodeTitle === undefined) {
        const node = indexFlow(def!).nodes.get(r.nodeId)?.node;
        titles!.set(r.nodeId, (nodeTitle = node ? text(node.title) : r.nodeId));
      }
      out.nodeTitle = nodeTitle;
    }
    if (r.initiator !== undefined) out.initiatorName = given ? given[i] : (names.get(r.initiator) ?? null);
    if (open) out.open = open(r.defId, def);
    return out;
  });
}
