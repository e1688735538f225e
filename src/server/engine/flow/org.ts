/**
 * The organisation as the approval machine sees it (DESIGN §5 assignee rules): engine/flow asks
 * `resolve(rule, state)` synchronously, so before an action the runtime loads what the flow's rules need in
 * a few queries — people of the roles and positions the definition names, every department's parent and
 * leaders (departments.leader_id plus memberships marked leader), the administrators and the 委托 in force —
 * and answers from that snapshot.
 *
 * Leaders: level 1 of a department D for a person U is the nearest department on the way up from D (D
 * included) with a leader other than U; level N is the N-th such department. `leaderChain upTo N` is levels
 * 1…N in order. Disabled people are never assignees.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AssigneeRule, FlowDef, FlowNode, FlowState, OrgRule, UserId } from '../../../../engine/flow/index.js';
import { userIdsOf } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { preparedQuery } from './prepared.js';

type Db = Kysely<DB> | Transaction<DB>;

/** What a flow's rules need of the organisation, loaded for one action. */
export interface OrgSnapshot {
  roleUsers: Map<string, UserId[]>;
  positionUsers: Map<number, UserId[]>;
  parent: Map<number, number | null>;
  leaders: Map<number, UserId[]>;
  admins: UserId[];
  /** 委托 in force: user → delegate. */
  delegates: Map<UserId, UserId>;
  /** Units (departments of kind 'unit') each role holder belongs to; only loaded for `within: 'initiatorUnit'` rules. */
  userUnits?: Map<UserId, Set<number>>;
  /** Unit of each department (itself when it is a unit, else its nearest unit above); loaded with userUnits. */
  deptUnit?: Map<number, number | null>;
  /** 密级 clearance (users.clearance, 0–3) of the people above (role and position holders, leaders, administrators, delegates). */
  clearance: Map<UserId, number>;
}

/** Every assignee rule of a definition (task nodes, cc nodes, ccOnDone), depth first. */
export function rulesOf(def: FlowDef): AssigneeRule[] {
  const out: AssigneeRule[] = [];
  const walk = (nodes: FlowNode[]) => {
    for (const n of nodes) {
      if ('assignees' in n) out.push(...n.assignees);
      if ('ccOnDone' in n && n.ccOnDone) out.push(...n.ccOnDone);
      if (n.type === 'branch' || n.type === 'parallel') for (const b of n.branches) walk(b.nodes);
    }
  };
  walk(def.nodes);
  return out;
}

/** What a definition's rules need of the organisation (cached per definition object). */
interface Needs {
  codes: string[];
  positions: number[];
  leaders: boolean;
  admins: boolean;
  /** Some roles rule is limited to the initiator's unit. */
  units: boolean;
}
const needsCache = new WeakMap<FlowDef, Needs>();
function needsOf(def: FlowDef): Needs {
  let n = needsCache.get(def);
  if (!n) {
    const rules = rulesOf(def);
    n = {
      codes: [...new Set(rules.flatMap((r) => (r.kind === 'roles' ? r.roles : [])))],
      positions: [...new Set(rules.flatMap((r) => (r.kind === 'positions' ? r.positions : [])))],
      leaders: rules.some((r) => r.kind === 'leader' || r.kind === 'leaderChain'),
      admins: JSON.stringify(def.nodes).includes('"toAdmin"'),
      units: rules.some((r) => r.kind === 'roles' && r.within === 'initiatorUnit'),
    };
    needsCache.set(def, n);
  }
  return n;
}

/** 委托 in force at `at` for flow `defId` (every action asks; compiled once, ./prepared.ts): flow-specific first, newest first. */
const delegationsAt = preparedQuery<{ at: number; defId: string }, { user_id: number; delegate_id: number; clearance: number }>((db, p) =>
  db
    .selectFrom('flow_delegations as d')
    .innerJoin('users as u', 'u.id', 'd.delegate_id')
    .select(['d.user_id', 'd.delegate_id', 'u.clearance'])
    .where('d.start_at', '<=', p.at)
    .where('d.end_at', '>=', p.at)
    .where('u.status', '=', 1)
    .where((eb) => eb.or([eb('d.def_id', 'is', null), eb('d.def_id', '=', p.defId)]))
    .orderBy(sql`case when d.def_id is null then 1 else 0 end`)
    .orderBy('d.id', 'desc'),
);

/**
 * Loads the snapshot `def`'s rules need at `at` (epoch ms; 委托 in force then): only what they use —
 * departments and leaders for leader rules, administrators for the `toAdmin` policy.
 */
export async function loadOrg(db: Db, def: FlowDef, at: number): Promise<OrgSnapshot> {
  const { codes, positions, leaders: leaderRules, admins: toAdmin, units } = needsOf(def);
  const [roleRows, posRows, depts, leaderRows, adminRows, delegations] = await Promise.all([
    codes.length
      ? db
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .innerJoin('users as u', 'u.id', 'ur.user_id')
          .select(['ur.user_id as user', 'r.code as code', 'u.clearance'])
          .where('r.code', 'in', codes)
          .where('r.status', '=', 1)
          .where('u.status', '=', 1)
          .orderBy('u.sort')
          .orderBy('u.id')
          .execute()
      : [],
    positions.length
      ? db
          .selectFrom('user_departments as ud')
          .innerJoin('users as u', 'u.id', 'ud.user_id')
          .select(['ud.user_id as user', 'ud.position_id as position', 'u.clearance'])
          .where('ud.position_id', 'in', positions)
          .where('u.status', '=', 1)
          .orderBy('u.sort')
          .orderBy('u.id')
          .execute()
      : [],
    leaderRules
      ? db
          .selectFrom('departments as d')
          .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'd.leader_id').on('u.status', '=', 1))
          .select(['d.id', 'd.parent_id', 'u.id as leader_id', 'u.clearance as leader_clearance'])
          .execute()
      : [],
    leaderRules
      ? db
          .selectFrom('user_departments as ud')
          .innerJoin('users as u', 'u.id', 'ud.user_id')
          .select(['ud.user_id as user', 'ud.dept_id as dept', 'u.clearance'])
          .where('ud.is_leader', '=', 1)
          .where('u.status', '=', 1)
          .orderBy('ud.sort')
          .execute()
      : [],
    !toAdmin
      ? []
      : db
          .selectFrom('users as u')
          .select(['u.id', 'u.clearance'])
          .where('u.status', '=', 1)
          .where((eb) =>
            eb.or([
              eb('u.is_admin', '=', 1),
              eb.exists(
                eb
                  .selectFrom('user_roles as ur')
                  .innerJoin('roles as r', 'r.id', 'ur.role_id')
                  .select('ur.user_id')
                  .whereRef('ur.user_id', '=', 'u.id')
                  .where('r.code', '=', 'sysadmin'),
              ),
            ]),
          )
          .orderBy('u.id')
          .execute(),
    delegationsAt(db as Kysely<DB>, { at, defId: def.id }).then((r) => r.rows),
  ]);
  const push = <K>(m: Map<K, UserId[]>, k: K, u: UserId) => {
    const list = m.get(k) ?? [];
    if (!list.includes(u)) list.push(u);
    m.set(k, list);
  };
  const roleUsers = new Map<string, UserId[]>();
  for (const r of roleRows) push(roleUsers, r.code, r.user);
  const positionUsers = new Map<number, UserId[]>();
  for (const r of posRows) if (r.position != null) push(positionUsers, r.position, r.user);
  const parent = new Map(depts.map((d) => [d.id, d.parent_id]));
  const leaders = new Map<number, UserId[]>();
  for (const d of depts) if (d.leader_id != null) push(leaders, d.id, d.leader_id);
  for (const r of leaderRows) push(leaders, r.dept, r.user);
  const delegates = new Map<UserId, UserId>();
  for (const d of delegations) if (!delegates.has(d.user_id) && d.delegate_id !== d.user_id) delegates.set(d.user_id, d.delegate_id);
  const clearance = new Map<UserId, number>();
  const cleared = (u: UserId | null, level: number | null | undefined) => u != null && clearance.set(u, Number(level ?? 0) || 0);
  for (const r of roleRows) cleared(r.user, r.clearance);
  for (const r of posRows) cleared(r.user, r.clearance);
  for (const d of depts) cleared(d.leader_id, d.leader_clearance);
  for (const r of leaderRows) cleared(r.user, r.clearance);
  for (const r of adminRows) cleared(r.id, r.clearance);
  for (const d of delegations) cleared(d.delegate_id, d.clearance);
  const snapshot: OrgSnapshot = { roleUsers, positionUsers, parent, leaders, admins: adminRows.map((r) => r.id), delegates, clearance };
  if (units) Object.assign(snapshot, await loadUnits(db, [...new Set(roleRows.map((r) => r.user))]));
  return snapshot;
}

/** The unit of every department and the units of `users` (for `within: 'initiatorUnit'` role rules). */
async function loadUnits(db: Db, users: UserId[]): Promise<Pick<OrgSnapshot, 'userUnits' | 'deptUnit'>> {
  const depts = await db.selectFrom('departments').select(['id', 'parent_id', 'kind']).execute();
  const byId = new Map(depts.map((d) => [d.id, d]));
  const deptUnit = new Map<number, number | null>();
  for (const d of depts) {
    let cur: (typeof depts)[number] | undefined = d;
    for (let hops = 0; cur && cur.kind !== 'unit' && hops < 64; hops++) cur = cur.parent_id == null ? undefined : byId.get(cur.parent_id);
    deptUnit.set(d.id, cur?.kind === 'unit' ? cur.id : null);
  }
  const userUnits = new Map<UserId, Set<number>>();
  if (users.length) {
    const rows = await db.selectFrom('user_departments').select(['user_id', 'dept_id']).where('user_id', 'in', users).execute();
    for (const r of rows) {
      const unit = deptUnit.get(r.dept_id);
      if (unit == null) continue;
      const set = userUnits.get(r.user_id) ?? new Set<number>();
      set.add(unit);
      userUnits.set(r.user_id, set);
    }
  }
  return { userUnits, deptUnit };
}

/** The leader levels above department `dept` for person `self` (see the module comment), nearest first. */
export function leaderLevels(org: OrgSnapshot, dept: number | null, self: UserId): UserId[][] {
  const levels: UserId[][] = [];
  for (let d = dept, hops = 0; d != null && hops < 64; d = org.parent.get(d) ?? null, hops++) {
    const people = (org.leaders.get(d) ?? []).filter((u) => u !== self);
    if (people.length) levels.push(people);
  }
  return levels;
}

/**
 * The `resolve` of FlowContext for one instance: `initiatorDept` is the department the initiator started
 * from (flow_instances.initiator_dept_id).
 */
export function resolverOf(org: OrgSnapshot, initiatorDept: number | null): (rule: OrgRule, state: FlowState) => UserId[] {
  return (rule, state) => {
    const deptOf = (of: 'initiator' | { field: string } | undefined): number | null =>
      !of || of === 'initiator' ? initiatorDept : (userIdsOf(state.data[of.field])[0] ?? null);
    switch (rule.kind) {
      case 'roles': {
        const holders = [...new Set(rule.roles.flatMap((c) => org.roleUsers.get(c) ?? []))];
        if (rule.within !== 'initiatorUnit') return holders;
        const unit = initiatorDept == null ? null : (org.deptUnit?.get(initiatorDept) ?? null);
        return unit == null ? [] : holders.filter((u) => org.userUnits?.get(u)?.has(unit));
      }
      case 'positions':
        return [...new Set(rule.positions.flatMap((p) => org.positionUsers.get(p) ?? []))];
      case 'leader':
        // A department field may hold several departments (会签): the leader of that level of each, in order.
        if (rule.of && rule.of !== 'initiator') {
          const depts = userIdsOf(state.data[rule.of.field]);
          return [...new Set(depts.flatMap((d) => leaderLevels(org, d, state.initiator)[rule.level - 1] ?? []))];
        }
        return leaderLevels(org, deptOf(rule.of), state.initiator)[rule.level - 1] ?? [];
      case 'leaderChain':
        return [...new Set(leaderLevels(org, deptOf(rule.of), state.initiator).slice(0, rule.upTo).flat())];
    }
  };
}
