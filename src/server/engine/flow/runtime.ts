/**
 * The approval runtime (DESIGN §5): persists what engine/flow decides. One action = one database
 * transaction: read the instance row, run the pure machine on its state with the organisation snapshot
 * (./org.ts), then write the new state at the version read (`version` bumps; a changed version means
 * someone acted meanwhile — nothing is written and the caller is told, so two people approving one task
 * end with exactly one success), mirror the changed tasks and timers into flow_tasks / flow_timers and
 * append the events to flow_events. On PostgreSQL the row is also locked (`for update`).
 *
 * Refusals of the machine (engine/flow FlowError) answer -1 with the message of the caller's locale. What is only
 * read — an instance's view, its log, what an action reads before its transaction — is ./runtimeReads.ts; the
 * refusals' texts and the reminders are ./runtimeNotices.ts, the caller's and start's types ./runtimeTypes.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  FlowError,
  apply,
  newInstance,
  type Effects,
  type FlowAction,
  type FlowContext,
  type FlowDef,
  type FlowState,
  type UserAction,
} from '../../../../engine/flow/index.js';
import type { Locale } from '../../../shared/constants.js';
import type { FlowLogEntry, InstanceView } from '../../../shared/flow.js';
import type { Dialect } from '../../db/index.js';
import type { DB } from '../../db/types.js';
import { translate } from '../../i18n/index.js';
import { now } from '../../lib/clock.js';
import { badInput } from '../../lib/errors.js';
import { loadOrg, resolverOf } from './org.js';
import { clearedHook, notClearedName, type NamedSources } from './cleared.js';
import { addMessages } from '../../services/messages.js';
import { notifyUsers } from '../../services/messageBus.js';
import type { ServerContext } from '../../lib/context.js';
import { syncRecord, syncRecordData, type RecordEditChecks } from './records.js';
import { flowLog, pinnedModels, readInstance, refChecker, visibleView, type FlowInstanceRow } from './runtimeReads.js';
import { templatedTitle } from './title.js';
import { retitleInstance } from './retitle.js';
import { runFlowServices } from './services.js';
import { cleanRichText, recordBodyVersions } from './bodyVersions.js';
import { clearanceOf } from '../../services/clearance.js';
import { checkSecretWrite, secretLevelOfInstance } from './secret.js';
import { currentFlow, flowVersion, type FlowVersion } from './versions.js';
import { lockInstance, selectInstance, updateInstance, updateInstanceSameStatus, type InstanceSet } from './statements.js';
import { mirrorState } from './mirror.js';
import { refusal, reminders } from './runtimeNotices.js';
import type { FlowCaller, StartInput } from './runtimeTypes.js';
import { flowId } from './ids.js';
import { readHandled } from './handledReminders.js';
import { orgTimeZone } from '../../services/orgZone.js';
import { zoneOffsetMinutes } from '../../../../engine/expr/zone.js';

export { flowId };

export type { InstanceView };
export type { FlowCaller, StartInput } from './runtimeTypes.js';

/** Longest title of an instance (flow_instances.title). */
export const FLOW_TITLE_MAX = 255;

type Trx = Transaction<DB>;
type Row = FlowInstanceRow;

/** Runs and persists flows (see the module comment). */
export class FlowRuntime {
  /** Where reminders are pushed after commit (websockets of this process and, with Redis, the others). */
  bus: ServerContext | null = null;

  constructor(
    readonly db: Kysely<DB>,
    readonly dialect: Dialect,
  ) {}

  /** Pushes "refresh your reminders" to `userIds` (after the transaction committed). */
  private async push(userIds: number[]): Promise<void> {
    if (this.bus && userIds.length) await notifyUsers(this.bus, [...new Set(userIds)]);
  }

  /** The machine's context for an instance of `entity` (密级 of the people `named` names: ./cleared.ts). */
  private async context(trx: Trx, def: FlowDef, initiatorDept: number | null, at: number, entity: string | null, named: NamedSources): Promise<FlowContext> {
    const [org, zone] = await Promise.all([loadOrg(trx, def, at), orgTimeZone(this.db, trx)]);
    return {
      now: at,
      // working-day deadlines count the organisation's calendar days (services/orgZone.ts)
      utcOffsetMinutes: zoneOffsetMinutes(zone, at),
      newId: flowId,
      resolve: resolverOf(org, initiatorDept),
      delegateOf: (user) => org.delegates.get(user) ?? null,
      admins: () => org.admins,
      cleared: await clearedHook(trx, org, def, entity, named),
    };
  }

  /**
   * Starts flow `defId` (its newest version) for caller `c` with form `data`: submits at once, or keeps a
   * draft (待发) with `draft`. The flow's title template names it in every list, else `title` (≤ FLOW_TITLE_MAX). Answers the instance view.
   */
  async start(c: FlowCaller, input: StartInput): Promise<InstanceView> {
    const flow = await this.flowToStart(c, input.defId);
    const { id, notified } = await this.db.transaction().execute((trx) => this.startIn(trx, c, input, flow));
    await this.push(notified);
    return this.view(c, id);
  }

  /**
   * The newest version of flow `defId` (publishing its changed base file first, ./versions.ts), read outside any
   * transaction — call it before `startIn`. @throws ApiError -1 flow.unknownFlow.
   */
  async flowToStart(c: Pick<FlowCaller, 'locale'>, defId: string): Promise<FlowVersion> {
    const flow = await currentFlow(this.db, defId);
    if (!flow) throw badInput(translate(c.locale, 'flow.unknownFlow', { id: defId }));
    return flow;
  }

  /**
   * `start` inside the caller's transaction `trx` (e.g. 签收 registers a 收文 and starts its flow in one
   * transaction) with `flow` from `flowToStart`: answers the new instance id and the users to `notify` once
   * `trx` has committed.
   * @throws ApiError -1 for an empty or too long title, or the machine's refusal.
   */
  async startIn(trx: Trx, c: FlowCaller, input: StartInput, flow: FlowVersion): Promise<{ id: number; notified: number[] }> {
    // the flow's title template names the instance; the title given is kept when it gives nothing
    const title = (await templatedTitle(trx, flow.def, { ...c, ...input }, FLOW_TITLE_MAX)) || String(input.title ?? '').trim();
    if (!title) throw badInput(translate(c.locale, 'validate.required', { field: translate(c.locale, 'flow.field.title') }));
    if (title.length > FLOW_TITLE_MAX)
      throw badInput(translate(c.locale, 'validate.maxLength', { field: translate(c.locale, 'flow.field.title'), limit: FLOW_TITLE_MAX }));
    const at = now();
    input = { ...input, data: cleanRichText(input.entity ?? null, input.data) };
    const ctx = await this.context(trx, flow.def, c.deptId, at, input.entity ?? null, {
      initiator: c.userId,
      data: [input.data],
      picks: [input.picks],
      targets: [],
    });
    let state = newInstance(flow.def, { initiator: c.userId, data: input.data ?? {}, picks: input.picks ?? {}, defVersion: flow.version }, ctx);
    const action: UserAction = input.draft
      ? { type: 'saveDraft', actor: c.userId, data: input.data, picks: input.picks }
      : { type: 'start', actor: c.userId, data: input.data, picks: input.picks, opinion: input.opinion };
    const result = await this.run(trx, flow.def, state, action, ctx, c.locale);
    state = result.state;
    const row = await trx
      .insertInto('flow_instances')
      .values({
        def_id: flow.defId,
        def_version: flow.version,
        entity: input.entity ?? null,
        record_id: input.recordId ?? null,
        title,
        initiator_id: c.userId,
        initiator_dept_id: c.deptId,
        status: state.status,
        state: JSON.stringify(state),
        created_at: at,
        started_at: state.startedAt ?? null,
        ended_at: state.endedAt ?? null,
        updated_at: at,
        secret_level: secretLevelOfInstance(input.entity ?? null, state),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const instanceId = Number(row.id);
    const stored: FlowState = { ...state, id: String(instanceId) };
    await trx
      .updateTable('flow_instances')
      .set({ state: JSON.stringify(stored) })
      .where('id', '=', instanceId)
      .execute();
    await mirrorState(
      trx,
      { id: instanceId, def_id: flow.defId, title, initiator_id: c.userId, secret_level: secretLevelOfInstance(input.entity ?? null, state) },
      null,
      stored,
      result.effects,
    );
    await syncRecord(trx, input.entity ?? null, input.recordId ?? null, stored.status, instanceId);
    await recordBodyVersions(
      trx,
      { flowId: instanceId, entity: input.entity ?? null, recordId: input.recordId ?? null, author: c.userId, time: at },
      null,
      stored.data,
    );
    const notified = await addMessages(trx, this.dialect, reminders({ id: instanceId, title, entity: input.entity ?? null }, result.effects, c.userId));
    return { id: instanceId, notified };
  }

  /** Pushes "refresh your reminders" to `userIds` after a transaction of `startIn` committed. */
  async notify(userIds: number[]): Promise<void> {
    await this.push(userIds);
  }

  /**
   * Applies `action` (a UserAction without `actor`: the caller acts) to instance `id` at `version` (when
   * given; a different current version → -1 flow.stale). `detail` (e.g. `{signature: fileId}`) is added to
   * the detail of the caller's own events of the action. Answers the instance view after it.
   */
  async act(
    c: FlowCaller,
    id: number,
    action: Omit<UserAction, 'actor'> & { type: string },
    version?: number,
    detail?: Record<string, unknown>,
  ): Promise<InstanceView> {
    // The answer is built from what the transaction wrote (not read again): the state right after this action.
    let written: { row: Row; def: FlowDef; state: FlowState } | undefined;
    // Read before the transaction (on SQLite it holds the only connection): the 密级 the action's data may set.
    const clearance = (action as { data?: unknown }).data ? await clearanceOf(this.db, c.userId) : 0;
    // …and the form revision the record pinned, which the record's edited fields are validated against, and the
    // check of the references it writes against the approver's own view permission and data scope.
    const sentData = (action as { data?: Record<string, unknown> }).data;
    const pinned = sentData ? await pinnedModels(this.db, id) : undefined;
    const checkRefs = sentData && typeof sentData === 'object' ? await refChecker(this.db, this.dialect, c, id, Object.keys(sentData)) : undefined;
    const notified = await this.db.transaction().execute(async (trx) => {
      const row = await this.lockRow(trx, id, c.locale);
      if (version !== undefined && version !== row.version) throw badInput(translate(c.locale, 'flow.stale'));
      checkSecretWrite(row.entity, (action as { data?: Record<string, unknown> }).data, clearance, c.locale);
      const def = await this.defOf(row, c.locale, trx);
      const at = now();
      const before = JSON.parse(row.state) as FlowState;
      const data = (action as { data?: Record<string, unknown> }).data;
      if (data) action = { ...action, data: cleanRichText(row.entity, data) } as typeof action;
      const sent = action as { data?: Record<string, unknown>; picks?: Record<string, unknown>; to?: unknown; users?: unknown };
      const named = { initiator: row.initiator_id, data: [before.data, sent.data], picks: [before.picks, sent.picks], targets: [sent.to, sent.users] };
      const ctx = await this.context(trx, def, row.initiator_dept_id, at, row.entity, named);
      ctx.supervises = (user) => user === c.userId && c.supervisor === true;
      const result = await this.run(trx, def, before, { ...action, actor: c.userId } as UserAction, ctx, c.locale);
      if (detail) for (const e of result.effects.events) if (e.actor === c.userId) e.detail = { ...e.detail, ...detail };
      const stored = await this.store(trx, def, row, before, result.state, result.effects, at, c.locale, c.userId, { pinned, checkRefs });
      written = { row: stored.row, def, state: stored.state };
      const handled = await readHandled(trx, row, before, stored.state, c.userId);
      return [...stored.notified, ...handled, ...(await addMessages(trx, this.dialect, reminders(stored.row, result.effects, c.userId)))];
    });
    await this.push(notified);
    return this.viewOf(c, written!.row, written!.def, written!.state);
  }

  /** Fires pending timer `timerId` of instance `id` (deadline, delay, urge) as the system; false when it is gone. */
  async fire(id: number, timerId: string): Promise<boolean> {
    let notified: number[] = [];
    const fired = await this.db.transaction().execute(async (trx) => {
      const row = await this.lockRow(trx, id, 'zh-CN').catch(() => null);
      if (!row) return false;
      const before = JSON.parse(row.state) as FlowState;
      if (!before.pendingTimers.some((t) => t.id === timerId)) {
        await trx.deleteFrom('flow_timers').where('id', '=', timerId).execute();
        return false;
      }
      const def = await this.defOf(row, 'zh-CN', trx);
      const at = now();
      const ctx = await this.context(trx, def, row.initiator_dept_id, at, row.entity, {
        initiator: row.initiator_id,
        data: [before.data],
        picks: [before.picks],
        targets: [],
      });
      const result = await this.run(trx, def, before, { type: 'timer', timerId }, ctx, 'zh-CN');
      const stored = await this.store(trx, def, row, before, result.state, result.effects, at, 'zh-CN', null);
      notified = [...stored.notified, ...(await addMessages(trx, this.dialect, reminders(row, result.effects, null)))];
      return true;
    });
    await this.push(notified);
    return fired;
  }

  /** The instance as `c` sees it; -1 flow.notFound unless `c` may see it (./instanceView.ts). */
  async view(c: FlowCaller, id: number): Promise<InstanceView> {
    return this.viewOf(c, await readInstance(this.db, id, c.locale));
  }

  /**
   * The view of instance `row` for `c` (see view); `def` when the caller already holds the pinned definition,
   * `state` when it holds `row.state` parsed (the state an action just wrote: not read back).
   */
  private async viewOf(c: FlowCaller, row: Row, def?: FlowDef, state: FlowState = JSON.parse(row.state) as FlowState): Promise<InstanceView> {
    return visibleView(this.db, c, row, def ?? (await this.defOf(row, c.locale)), state);
  }

  /** The flow log (流程日志) of instance `id` for a caller who may see it (else -1 flow.notFound): ./runtimeReads.ts flowLog. */
  async log(c: FlowCaller, id: number): Promise<FlowLogEntry[]> {
    await this.view(c, id);
    return flowLog(this.db, id);
  }

  /** `apply` with the machine's refusals as -1 in `locale` (flow.notCleared names the person, read through `trx`). */
  private async run(trx: Trx, def: FlowDef, state: FlowState, action: FlowAction, ctx: FlowContext, locale: Locale) {
    try {
      return apply(def, state, action, ctx);
    } catch (e) {
      if (e instanceof FlowError && e.key === 'flow.notCleared')
        throw badInput(translate(locale, e.key, { name: await notClearedName(trx, Number(e.params.user)) }));
      if (e instanceof FlowError) throw refusal(e, locale);
      throw e;
    }
  }

  private async lockRow(trx: Trx, id: number, locale: Locale): Promise<Row> {
    const row = (await (this.dialect === 'pg' ? lockInstance : selectInstance)(trx, { id })).rows[0] as Row | undefined;
    if (!row) throw badInput(translate(locale, 'flow.notFound'));
    return row;
  }

  /** Pinned definitions this runtime has read (`def_id@version`): a published version never changes. */
  private readonly defs = new Map<string, FlowDef>();

  /**
   * The pinned definition of `row`. Inside a transaction pass it as `via`: on SQLite the one connection is the
   * transaction's until it ends, so a read through `this.db` there would wait forever.
   */
  private async defOf(row: Row, locale: Locale, via: Kysely<DB> = this.db): Promise<FlowDef> {
    const key = `${row.def_id}@${row.def_version}`;
    let def = this.defs.get(key);
    if (!def) {
      def = await flowVersion(via, row.def_id, row.def_version);
      if (!def) throw badInput(translate(locale, 'flow.unknownFlow', { id: key }));
      if (this.defs.size >= 1000) this.defs.clear();
      this.defs.set(key, def);
    }
    return def;
  }

  /**
   * Runs the service nodes reached (./services.ts, their data patches merged into `after`), writes `after` at
   * the version read, then mirrors tasks, timers and events; stale → -1 flow.stale. Answers the users the
   * services reminded (to push after commit), the instance row as written and the state it holds.
   */
  private async store(
    trx: Trx,
    def: FlowDef,
    row: Row,
    before: FlowState,
    reached: FlowState,
    effects: Effects,
    at: number,
    locale: Locale,
    actor: number | null,
    edit: RecordEditChecks = {},
  ): Promise<{ notified: number[]; row: Row; state: FlowState }> {
    const notified: number[] = [];
    const after = effects.service.length
      ? await runFlowServices(effects, {
          trx,
          dialect: this.dialect,
          instance: { id: row.id, defId: row.def_id, entity: row.entity, recordId: row.record_id, title: row.title, initiatorId: row.initiator_id },
          state: reached,
          actor,
          at,
          locale,
          notify: (users) => void notified.push(...users),
        })
      : reached;
    const level = secretLevelOfInstance(row.entity, after);
    const set: InstanceSet = {
      state: JSON.stringify(after),
      status: after.status,
      version: row.version + 1,
      started_at: after.startedAt ?? row.started_at,
      ended_at: after.endedAt ?? null,
      secret_level: level,
    };
    const r = await (set.status === row.status ? updateInstanceSameStatus : updateInstance)(trx, { ...set, updated_at: at, id: row.id, was: row.version });
    if (Number(r.numAffectedRows ?? 0) !== 1) throw badInput(translate(locale, 'flow.stale'));
    // A step that reclassified the record (密级 is writable at 核稿) takes every task of the instance along.
    if (level !== (row.secret_level ?? 0)) await trx.updateTable('flow_tasks').set({ secret_level: level }).where('instance_id', '=', row.id).execute();
    // an edited record renames the instance and its open tasks (./retitle.ts), new tasks included
    const title =
      before.data !== after.data && JSON.stringify(before.data) !== JSON.stringify(after.data) ? await retitleInstance(trx, def, row, after.data) : row.title;
    await mirrorState(trx, { ...row, title, secret_level: level }, before, after, effects);
    await syncRecordData(trx, row.entity, row.record_id, before.data, after.data, locale, { dialect: this.dialect, userId: actor, ...edit });
    await recordBodyVersions(trx, { flowId: row.id, entity: row.entity, recordId: row.record_id, author: actor, time: at }, before.data, after.data);
    if (after.status !== before.status) await syncRecord(trx, row.entity, row.record_id, after.status, row.id);
    return { notified, row: { ...row, ...set, title }, state: after };
  }
}

const runtimes = new WeakMap<object, FlowRuntime>();

/**
 * The runtime of database `db` (one per database handle, shared by the API and the timer sweep); `bus`
 * (the app's context) makes it push reminders to connected clients after each committed action.
 */
export function flowRuntime(db: Kysely<DB>, dialect: Dialect, bus?: ServerContext): FlowRuntime {
  let r = runtimes.get(db);
  if (!r) runtimes.set(db, (r = new FlowRuntime(db, dialect)));
  if (bus) r.bus = bus;
  return r;
}
