/**
 * 密级 of the people a flow hands work to (DESIGN §7; issues 4 and 5): the `cleared` of FlowContext for one action.
 * An instance over an entity with a classification field (./secret.ts) is as classified as its data says at each
 * moment of the machine (a 核稿 may raise it); a person whose clearance (users.clearance) is below it never gets a
 * task, a cc or a 传阅 of it — engine/flow leaves them out of resolved assignees (the node's emptyAssignee policy
 * applies when nobody is left) and refuses an action naming them (flow.notCleared, named by `notClearedName`).
 *
 * Clearances come from the organisation snapshot (./org.ts: role and position holders, leaders, administrators,
 * delegates) plus one read of the people the instance or the action names directly: `users` rules, the initiator,
 * form fields of `formField` rules, initiator picks and the targets of transfer / delegate / addSign / cc.
 */
import type { Kysely, Transaction } from 'kysely';
import { userIdsOf, type FlowContext, type FlowDef, type UserId } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { rulesOf, type OrgSnapshot } from './org.js';
import { secretFieldOf, secretLevelOfInstance } from './secret.js';

type Db = Kysely<DB> | Transaction<DB>;

/** What an action may name beyond the organisation snapshot: the instance's data and picks, before and as sent. */
export interface NamedSources {
  initiator: UserId;
  /** Form data: the instance's and the action's `data` (undefined ones skipped). */
  data: Array<Record<string, unknown> | undefined>;
  /** Initiator picks: the instance's and the action's `picks`. */
  picks: Array<Record<string, unknown> | undefined>;
  /** The action's `to` and `users` (transfer, delegate, addSign, cc). */
  targets: unknown[];
}

/** The people of `def`'s direct rules and of `src` (see NamedSources), each once. */
export function namedUsers(def: FlowDef, src: NamedSources): UserId[] {
  const out = new Set<UserId>([src.initiator]);
  const fields = new Set<string>();
  for (const r of rulesOf(def)) {
    if (r.kind === 'users') for (const u of r.users) out.add(u);
    if (r.kind === 'formField') fields.add(r.field);
  }
  for (const d of src.data) if (d) for (const f of fields) for (const u of userIdsOf(d[f])) out.add(u);
  for (const p of src.picks) if (p && typeof p === 'object') for (const v of Object.values(p)) for (const u of userIdsOf(v)) out.add(u);
  for (const u of userIdsOf(src.targets.flat())) out.add(u);
  return [...out];
}

/**
 * The `cleared` hook for an instance of `entity` (undefined when the entity has no classification field: nobody
 * is ever left out): reads the clearance of the people `src` names that `org` does not hold yet (into
 * `org.clearance`), then answers from the snapshot; unknown people count as 非密 (0).
 */
export async function clearedHook(db: Db, org: OrgSnapshot, def: FlowDef, entity: string | null, src: NamedSources): Promise<FlowContext['cleared']> {
  if (!secretFieldOf(entity)) return undefined;
  const missing = namedUsers(def, src).filter((u) => Number.isInteger(u) && u > 0 && u <= 2_147_483_647 && !org.clearance.has(u));
  if (missing.length) {
    const rows = await db.selectFrom('users').select(['id', 'clearance']).where('id', 'in', missing).execute();
    for (const r of rows) org.clearance.set(r.id, Number(r.clearance ?? 0) || 0);
  }
  return snapshotCleared(org, entity);
}

/**
 * The `cleared` hook of an instance of `entity` answered from `org.clearance` alone (undefined when the entity has
 * no classification field); people the snapshot does not hold count as 非密 (0). For callers that load every
 * clearance they need beforehand (the /debug generator, services/debug/simulate.ts).
 */
export function snapshotCleared(org: Pick<OrgSnapshot, 'clearance'>, entity: string | null): FlowContext['cleared'] {
  if (!secretFieldOf(entity)) return undefined;
  return (user, state) => {
    const level = secretLevelOfInstance(entity, state);
    return level === 0 || (org.clearance.get(user) ?? 0) >= level;
  };
}

/** The name of user `userId` for flow.notCleared (realname, else username, else the id). */
export async function notClearedName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select(['realname', 'username']).where('id', '=', userId).executeTakeFirst();
  return row?.realname || row?.username || String(userId);
}
