/**
 * API group `systemmanage` (SPEC §2.3 /setting/index, /organization/systemmanage; §7 "System, codes and
 * words"): the system settings of services/settings.ts. System administrator only (`roles: ['sysadmin']`);
 * every change is one transaction with an audit row (`setting.edit`).
 *
 * - list {} → {list: [{key, title, type, value, default, changed}], total, refs}
 * - info {key} → one setting; info {id: 1} (or no key) → the `setting.system` record
 *   {id: 1, version, systemName, smw, passwordMaxAgeDays, watermark, _actions, _refs} (the form page)
 * - edit {key, value} → the setting; edit {id: 1, version, …fields} → the record, all fields in one
 *   transaction, a stale version refused (-1 entity.stale)
 * - del {key} → the setting back at its default
 * Bad key, field or value → -1 naming it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import {
  listSettings,
  saveSettings,
  settingDef,
  settingsRecord,
  SETTINGS,
  type SettingDef,
  type SettingsCaller,
} from '../../../../server/services/settings.js';
import { orgTimeZone } from '../../../../server/services/orgZone.js';
import { anyValue, body, LIST_BODY, optId, recordBody, str } from '../../../../server/lib/bodies.js';

const ADMIN = { roles: ['sysadmin'] };
const EMPTY_REFS = { users: {}, depts: {} };
const caller = (req: FastifyRequest): SettingsCaller => ({ userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale });

/** The record as info answers it. */
async function record(req: FastifyRequest): Promise<Record<string, unknown>> {
  return { ...(await settingsRecord(req.server.ctx.db)), _actions: ['edit'], _refs: EMPTY_REFS };
}

/** One setting as info answers it. */
async function one(req: FastifyRequest, key: string): Promise<unknown> {
  return (await listSettings(req.server.ctx.db, req.locale)).find((s) => s.key === key);
}

/** Registers the systemmanage calls. */
export function register(app: FastifyInstance): void {
  // the organisation's zone is installed for TODAY(), deadlines and numbering years before the first request
  // (read again by every user info, reminder list and flow action; a failed read here keeps the default)
  app.addHook('onReady', async () => {
    await orgTimeZone(app.ctx.db).catch((err) => app.log.warn({ err }, 'organisation time zone not read'));
  });
  call(app, 'systemmanage/list', { ...ADMIN, body: LIST_BODY }, async (req) => {
    const list = await listSettings(req.server.ctx.db, req.locale);
    return { list, total: list.length, refs: EMPTY_REFS };
  });

  const keyProp = str('field.settingKey', 100);
  call<{ id?: number | null; key?: string }>(app, 'systemmanage/info', { ...ADMIN, body: body({ id: optId(), key: keyProp }) }, async (req) => {
    const b = req.body;
    if (b.key !== undefined) return one(req, settingDef(caller(req), b.key).key);
    if (b.id !== undefined && String(b.id) !== '1') throw badInput(req.t('entity.notFound'));
    return record(req);
  });

  // {key, value} of one setting, or the settings record {id, version, …fields} (unknown fields refused below)
  call<Record<string, any>>(app, 'systemmanage/edit', { ...ADMIN, body: recordBody({ key: keyProp, value: anyValue('field.settingValue') }) }, async (req) => {
    const b = req.body;
    const c = caller(req);
    const { db, dialect } = req.server.ctx;
    if (b.key !== undefined) {
      const d = settingDef(c, b.key);
      if (b.value === undefined || b.value === null) throw badInput(req.t('validate.required', { field: req.t(d.title) }));
      await saveSettings(db, dialect, c, new Map([[d, b.value]]));
      return one(req, d.key);
    }
    if (b.id !== undefined && String(b.id) !== '1') throw badInput(req.t('entity.notFound'));
    if (b.version === undefined || b.version === null || b.version === '') throw badInput(req.t('validate.required', { field: req.t('field.version') }));
    const version = Number(b.version);
    if (!Number.isInteger(version) || version < 1) throw badInput(req.t('error.badParam', { field: req.t('field.version') }));
    const changes = new Map<SettingDef, unknown>();
    for (const [f, v] of Object.entries(b)) {
      if (f === 'id' || f === 'version' || f.startsWith('_')) continue;
      const d = SETTINGS.find((s) => s.field === f);
      if (!d) throw badInput(req.t('entity.unknownField', { field: f }));
      if (v !== undefined) changes.set(d, v);
    }
    await saveSettings(db, dialect, c, changes, version);
    return record(req);
  });

  call<{ key: string }>(app, 'systemmanage/del', { ...ADMIN, body: body({ key: keyProp }, ['key']) }, async (req) => {
    const d = settingDef(caller(req), req.body.key);
    await saveSettings(req.server.ctx.db, req.server.ctx.dialect, caller(req), new Map([[d, null]]));
    return one(req, d.key);
  });
}
