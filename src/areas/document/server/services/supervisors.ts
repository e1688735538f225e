/**
 * 督办人 of official documents (SPEC §7 document/dbUpdateDbr "督办 with deadlines and urging"), over the
 * 督办 entries of doc_supervisions (migrations 0017, 0026).
 *
 * The 督办人 of a document is the person who follows it up: the one named by its latest 'reassign' entry, or — as
 * long as nobody was named — the one who recorded its first 督办 entry (saveDb). A change is appended to the 督办
 * history ('reassign' entry: who changed it, the new and the previous 督办人, the reason), written with an audit
 * row on the document's record (so 操作记录 shows it) and a reminder (消息提醒, kind 催办) to the new 督办人, all in
 * one transaction. Who may change it and whom it may name is decided by the caller (api/supervise.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { translate } from '../../../../server/i18n/index.js';
import { now } from '../../../../server/lib/clock.js';
import { audit } from '../../../../server/services/audit.js';
import { addMessages, MESSAGE_TYPES } from '../../../../server/services/messages.js';

/** Kinds of doc_supervisions entries. */
export const SUPERVISION_KIND = { SUPERVISE: 'supervise', REASSIGN: 'reassign' } as const;

type Db = Kysely<DB> | Transaction<DB>;

/** The 督办人 of instance `instanceId` (module comment), or null when it has no 督办 entry. */
export async function currentSupervisor(db: Db, instanceId: number): Promise<number | null> {
  const named = await db
    .selectFrom('doc_supervisions')
    .select('supervisor_id')
    .where('instance_id', '=', instanceId)
    .where('kind', '=', SUPERVISION_KIND.REASSIGN)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (named?.supervisor_id != null) return named.supervisor_id;
  const first = await db.selectFrom('doc_supervisions').select('user_id').where('instance_id', '=', instanceId).orderBy('id').limit(1).executeTakeFirst();
  return first?.user_id ?? null;
}

/** A change of 督办人 as dbUpdateDbr asks for it. */
export interface SupervisorChange {
  instanceId: number;
  /** The flow's title (reminder text) and record (audit object `<entity>:<recordId>`). */
  title: string;
  entity: string | null;
  recordId: number | null;
  /** The new 督办人 (users.id). */
  supervisorId: number;
  /** 变更原因, may be ''. */
  remark: string;
  /** Who changes it (audit row and reminder sender). */
  userId: number;
  username: string;
  ip: string;
}

/** The 'reassign' entry written, and the users reminded (to notify after commit). */
export interface SupervisorChanged {
  id: number;
  previousId: number | null;
  createdAt: number;
  notified: number[];
}

/**
 * Names `c.supervisorId` 督办人 of `c.instanceId` in one transaction (module comment). Answers 'same' (nothing
 * written) when that person already is the 督办人.
 */
export async function changeSupervisor(db: Kysely<DB>, dialect: Dialect, c: SupervisorChange): Promise<SupervisorChanged | 'same'> {
  return db.transaction().execute(async (trx) => {
    const previous = await currentSupervisor(trx, c.instanceId);
    if (previous === c.supervisorId) return 'same' as const;
    const at = now();
    const row = await trx
      .insertInto('doc_supervisions')
      .values({
        instance_id: c.instanceId,
        user_id: c.userId,
        deadline: null,
        remark: c.remark,
        created_at: at,
        kind: SUPERVISION_KIND.REASSIGN,
        supervisor_id: c.supervisorId,
        previous_id: previous,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const object = c.entity && c.recordId != null ? `${c.entity}:${c.recordId}` : `flow:${c.instanceId}`;
    await audit(trx, dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: `${c.entity ?? 'document'}.supervisorChange`,
      object,
      result: 'success',
      detail: { flowId: c.instanceId, before: { supervisor: previous }, after: { supervisor: c.supervisorId }, remark: c.remark },
    });
    const notified = await addMessages(trx, dialect, [
      {
        userIds: [c.supervisorId],
        type: MESSAGE_TYPES.URGE,
        title: translate('zh-CN', 'document.notice.supervisorAssigned', { title: c.title }),
        fromUserId: c.userId,
        flowId: c.instanceId,
      },
    ]);
    return { id: Number(row.id), previousId: previous, createdAt: at, notified };
  });
}

/** The account a 督办人 may be changed to: id, realname, status (1 active) and is_admin; undefined when unknown. */
export async function supervisorCandidate(db: Kysely<DB>, userId: number) {
  return db.selectFrom('users').select(['id', 'realname', 'status', 'is_admin']).where('id', '=', userId).executeTakeFirst();
}
