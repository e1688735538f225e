/**
 * How a stored message is presented to its recipient (the Msg API, ./messages.ts): the name of its kind, its date in
 * the organisation's zone, its sender, and for a flow reminder (`flow_id` or `affair_id`) the page it opens —
 * resolved by the instance's entity and flow (engine/flow/approvalRoute.ts: 发文 /document/show-audit/7, a designed
 * form /flow/approval/7, an old affair without an instance /affair/show-audit/7). Reads only.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import type { Translate } from './context.js';
import { zoneDateTime } from '../../../engine/expr/zone.js';
import { instanceApprovalRoute } from '../engine/flow/approvalRoute.js';
import { routeWithId } from '../../shared/routes.js';
import type { Registry } from '../../../engine/schema/loader.js';
import type { FlowDef } from '../../../engine/flow/index.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A message as the Msg API answers it (SPEC §3 "Message reminder" plus the centre's fields). */
export interface MessageView {
  id: number;
  title: string;
  type: number;
  /** Name of the kind in the caller's locale. */
  type_name: string;
  /** Sender's name ('' for the system). */
  realname: string;
  avatar: string;
  /** 'YYYY-MM-DD HH:mm' in the organisation's zone (services/orgZone.ts). */
  date: string;
  created_at: number;
  is_read: number;
  read_at: number | null;
  flow_id: number | null;
  affair_id: number | null;
  meeting_id: number | null;
  source_id: number | null;
  /**
   * The in-app path a flow reminder opens (`flow_id` or `affair_id`): the approval page of the instance's entity
   * (engine/flow/approvalRoute.ts — 发文 /document/show-audit/7, a designed form /flow/approval/7); null otherwise.
   */
  open: string | null;
}

/** 'YYYY-MM-DD HH:mm' of epoch ms in IANA zone `zone` (the organisation's, services/orgZone.ts). */
export function messageDate(ms: number, zone: string): string {
  return zoneDateTime(ms, zone);
}

/** The name of a kind (`msg.type.<n>`, else "其他"). */
export function typeName(t: Translate, type: number): string {
  const key = `msg.type.${type}`;
  const s = t(key);
  return s === key ? t('msg.type.other') : s;
}

/** The messages of `userId` with their sender and the instance a flow reminder is about (its entity and flow). */
export function viewQuery(db: Db, userId: number) {
  return db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.from_user_id')
    .leftJoin('flow_instances as i', (j) => j.on((eb) => eb('i.id', '=', eb.fn.coalesce('m.flow_id', 'm.affair_id'))))
    .select([
      'm.id as id',
      'm.title as title',
      'm.type as type',
      'm.created_at as created_at',
      'm.is_read as is_read',
      'm.read_at as read_at',
      'm.flow_id as flow_id',
      'm.affair_id as affair_id',
      'm.meeting_id as meeting_id',
      'm.source_id as source_id',
      'u.realname as realname',
      'u.avatar as avatar',
      'i.entity as entity',
      'i.def_id as def_id',
    ])
    .where('m.user_id', '=', userId);
}

/** One row of viewQuery. */
export type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

/** The path a flow reminder of row `r` opens (see MessageView.open), or null. */
function reminderOpen(r: ViewRow, registry: Registry): string | null {
  const instance = r.flow_id ?? r.affair_id;
  if (instance == null) return null;
  if (r.def_id == null) return r.flow_id != null ? null : `/affair/show-audit/${instance}`;
  return routeWithId(instanceApprovalRoute(registry, r.entity, registry.get('flow', r.def_id) as FlowDef | undefined), instance);
}

/** Row `r` of viewQuery as the Msg API answers it, dated in `zone`, its target resolved in `registry`. */
export function present(t: Translate, r: ViewRow, zone: string, registry: Registry): MessageView {
  const created = Number(r.created_at);
  return {
    id: Number(r.id),
    title: r.title,
    type: Number(r.type),
    type_name: typeName(t, Number(r.type)),
    realname: r.realname ?? '',
    avatar: r.avatar ?? '',
    date: messageDate(created, zone),
    created_at: created,
    is_read: Number(r.is_read),
    read_at: r.read_at == null ? null : Number(r.read_at),
    flow_id: r.flow_id,
    affair_id: r.affair_id,
    meeting_id: r.meeting_id,
    source_id: r.source_id,
    open: reminderOpen(r, registry),
  };
}
