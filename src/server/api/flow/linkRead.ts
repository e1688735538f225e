/**
 * Reading an instance through another one (an area's authorised links, e.g. 关联文件 of official documents): flow/info
 * and flow/log answer a caller whom the runtime refuses (not a participant, administrator or supervisor) when a
 * registered {@link ReadThrough} names instances the caller took part in that were authorised to read this one — read-only: the view has no
 * actions (the approval page then shows no opinion box and no action bar) and names the reader document in
 * `via`. The runtime still checks the 密级 against the caller's clearance, so nothing above it is ever shown;
 * withdrawing the authorisation refuses them again at once.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import type { FlowCaller, FlowRuntime, InstanceView } from '../../engine/flow/runtime.js';
import type { FlowLogEntry } from '../../../shared/flow.js';

/**
 * The instances through which user `userId` may read instance `targetFlowId` (none: []); registered by an area
 * module (src/server/areas.ts). Clearance is checked by the runtime afterwards, not here.
 */
export type ReadThrough = (db: Kysely<DB>, userId: number, targetFlowId: number) => Promise<number[]>;

const readThroughs = new Set<ReadThrough>();

/** Registers a way of reading an instance through another one (idempotent for the same function). */
export function registerReadThrough(fn: ReadThrough): void {
  readThroughs.add(fn);
}

/** The instances through which `userId` may read `targetFlowId`, over every registered ReadThrough. */
async function readerFlows(db: Kysely<DB>, userId: number, targetFlowId: number): Promise<number[]> {
  const out: number[] = [];
  for (const fn of readThroughs) out.push(...(await fn(db, userId, targetFlowId)));
  return out;
}

/** A view perhaps reached through an authorised 关联 (`via`: the reader document the caller took part in). */
export type LinkedView = InstanceView & { via?: number };

/**
 * Runs `read` as `c`; when the runtime refuses it (ApiError) and `c` is a link reader of instance `id`, runs it
 * again seen as a supervisor sees it (no participation needed, clearance still checked) and answers `via` too.
 * Refusals (and other errors) propagate unchanged otherwise.
 */
async function asLinkReader<T>(db: Kysely<DB>, c: FlowCaller, id: number, read: (c: FlowCaller) => Promise<T>): Promise<{ value: T; via?: number }> {
  try {
    return { value: await read(c) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const readers = await readerFlows(db, c.userId, id);
    if (!readers.length) throw e;
    return { value: await read({ ...c, supervisor: true }), via: readers[0] };
  }
}

/** flow/info's view of instance `id` for `c` (see the module comment): read-only (`actions` []) through a 关联. */
export async function viewOrLinkRead(db: Kysely<DB>, runtime: FlowRuntime, c: FlowCaller, id: number): Promise<LinkedView> {
  const { value, via } = await asLinkReader(db, c, id, (who) => runtime.view(who, id));
  return via === undefined ? value : { ...value, actions: [], via };
}

/** flow/log of instance `id` for `c`, also for a reader through an authorised 关联. */
export async function logOrLinkRead(db: Kysely<DB>, runtime: FlowRuntime, c: FlowCaller, id: number): Promise<FlowLogEntry[]> {
  return (await asLinkReader(db, c, id, (who) => runtime.log(who, id))).value;
}
