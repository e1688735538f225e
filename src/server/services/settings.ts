/**
 * System settings (SPEC §2.3 /setting/index and /organization/systemmanage, §7 "System, codes and words"):
 * the known keys of the `settings` key/value table, their types and defaults in ONE place, and the
 * reads and writes of the `systemmanage` API group (administrators only; every change audited).
 *
 * Only settings the server really reads (or the client is about to) are listed:
 * - `system.name` 系统名称 (string 1–50; seeded)
 * - `smw` 涉密模式 '0' | '1' (services/selector.ts smwEnabled)
 * - `password.maxAgeDays` 密码有效期（天）, integer 0–3650, 0 = never expires (services/password.ts)
 * - `watermark` 页面水印 '0' | '1' (for the client's watermark, not yet read)
 * - `session.idleMinutes` 会话空闲超时（分钟）, integer 1–1440, default 30 (等保 2.0; services/session.ts): a
 *   session without a request for that long answers -99
 * Every change is forgotten by the caches of every process at once (cache bus, ./cacheBus.ts: `settings`, and
 * `userInfo`, which shows the password's expiry).
 * - `time.zone` 时区: the organisation's IANA zone, default Asia/Shanghai (services/orgZone.ts; every date
 *   and time shown, exported, printed or sent is its wall time)
 * Login lockout (services/lockout.ts) and upload size (config UPLOAD_MAX_BYTES) are constants/config,
 * not settings, and are therefore not listed.
 *
 * The form page edits all of them as one record (entity `setting.system`, id 1): its version is the
 * stored key `settings.version`, bumped by every change.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../db/index.js';
import type { DB } from '../db/types.js';
import type { Locale } from '../../shared/constants.js';
import { DEFAULT_PASSWORD_MAX_AGE_DAYS } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import { audit } from './audit.js';
import { invalidate } from './cacheBus.js';

/** Key of the idle timeout of sessions, in minutes (services/session.ts). */
export const SESSION_IDLE_KEY = 'session.idleMinutes';

/** 等保 2.0 (GB/T 22239-2019 8.1.4.1 b), 登录连接超时自动退出): a session idle for 30 minutes ends by default. */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;

import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../engine/expr/zone.js';
import { TIME_ZONE_KEY } from './orgZone.js';

/** Type of a setting's value (all are stored as strings). */
export type SettingType = 'string' | 'integer' | 'flag' | 'timezone';

/** One known setting. */
export interface SettingDef {
  /** Key in the `settings` table. */
  key: string;
  /** Field of the `setting.system` record. */
  field: string;
  /** i18n key (server i18n) of its name. */
  title: string;
  type: SettingType;
  default: string;
  /** string: length range; integer: value range. */
  min?: number;
  max?: number;
}

/** The known settings, in form order. */
export const SETTINGS: SettingDef[] = [
  { key: 'system.name', field: 'systemName', title: 'setting.systemName', type: 'string', default: '协同办公平台', min: 1, max: 50 },
  { key: 'smw', field: 'smw', title: 'setting.smw', type: 'flag', default: '0' },
  {
    key: 'password.maxAgeDays',
    field: 'passwordMaxAgeDays',
    title: 'setting.passwordMaxAgeDays',
    type: 'integer',
    default: String(DEFAULT_PASSWORD_MAX_AGE_DAYS),
    min: 0,
    max: 3650,
  },
  { key: 'watermark', field: 'watermark', title: 'setting.watermark', type: 'flag', default: '0' },
  {
    key: SESSION_IDLE_KEY,
    field: 'sessionIdleMinutes',
    title: 'setting.sessionIdleMinutes',
    type: 'integer',
    default: String(DEFAULT_SESSION_IDLE_MINUTES),
    min: 1,
    max: 1440,
  },
  { key: TIME_ZONE_KEY, field: 'timeZone', title: 'setting.timeZone', type: 'timezone', default: DEFAULT_TIME_ZONE },
];

/** Key of the stored version of the settings record. */
export const SETTINGS_VERSION_KEY = 'settings.version';

/** Who changes settings (for the audit row and messages). */
export interface SettingsCaller {
  userId: number;
  username: string;
  ip: string;
  locale: Locale;
}

/** A setting as systemmanage/list and info answer it. */
export interface SettingValue {
  key: string;
  title: string;
  type: SettingType;
  value: string;
  default: string;
  /** Whether a stored value differs from the default. */
  changed: boolean;
}

type Db = Kysely<DB> | Transaction<DB>;

/** The definition of `key`; -1 naming 设置项 when unknown. */
export function settingDef(c: { locale: Locale }, key: unknown): SettingDef {
  const d = SETTINGS.find((s) => s.key === key);
  if (!d) throw badInput(translate(c.locale, 'error.badParam', { field: translate(c.locale, 'setting.key') }));
  return d;
}

/**
 * The normalised stored string of `raw` for `d`; -1 naming the setting when the value is of the wrong
 * type or out of range (flag: '0'/'1'/true/false; integer: whole number in [min, max]; string: trimmed length;
 * timezone: an IANA name the runtime knows, engine/expr/zone.ts isTimeZone).
 */
export function normalise(c: { locale: Locale }, d: SettingDef, raw: unknown): string {
  const bad = () => badInput(translate(c.locale, 'error.badParam', { field: translate(c.locale, d.title) }));
  if (d.type === 'flag') {
    if (raw === true || raw === '1' || raw === 1) return '1';
    if (raw === false || raw === '0' || raw === 0) return '0';
    throw bad();
  }
  if (d.type === 'integer') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < (d.min ?? 0) || n > (d.max ?? 2147483647)) throw bad();
    return String(n);
  }
  if (d.type === 'timezone') {
    if (!isTimeZone(typeof raw === 'string' ? raw.trim() : raw)) throw bad();
    return (raw as string).trim();
  }
  if (typeof raw !== 'string') throw bad();
  const s = raw.trim();
  if (s.length < (d.min ?? 0) || s.length > (d.max ?? 255)) throw bad();
  return s;
}

/** Stored values of the known settings and the version key. */
async function stored(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...SETTINGS.map((s) => s.key), SETTINGS_VERSION_KEY])
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Every known setting with its value (the default when not stored). */
export async function listSettings(db: Db, locale: Locale): Promise<SettingValue[]> {
  const m = await stored(db);
  return SETTINGS.map((d) => {
    const value = m.get(d.key) ?? d.default;
    return { key: d.key, title: translate(locale, d.title), type: d.type, value, default: d.default, changed: value !== d.default };
  });
}

/** The settings as one `setting.system` record: {id: 1, version, systemName, smw, …} (flags as '0'/'1'). */
export async function settingsRecord(db: Db): Promise<Record<string, unknown>> {
  const m = await stored(db);
  const rec: Record<string, unknown> = { id: 1, version: Number(m.get(SETTINGS_VERSION_KEY) ?? 1) };
  for (const d of SETTINGS) {
    const v = m.get(d.key) ?? d.default;
    rec[d.field] = d.type === 'integer' ? Number(v) : v;
  }
  return rec;
}

async function put(trx: Transaction<DB>, key: string, value: string | null): Promise<void> {
  await trx.deleteFrom('settings').where('key', '=', key).execute();
  if (value !== null) await trx.insertInto('settings').values({ key, value }).execute();
}

/**
 * Stores `changes` (key → raw value; null resets to the default) in one transaction with one audit
 * row (`setting.edit`, before/after of the changed keys) and bumps the version. With `version` given,
 * a different stored version → -1 entity.stale and nothing written. Answers the new record.
 */
export async function saveSettings(
  db: Kysely<DB>,
  dialect: Dialect,
  c: SettingsCaller,
  changes: Map<SettingDef, unknown>,
  version?: number,
): Promise<Record<string, unknown>> {
  const values = new Map<SettingDef, string | null>();
  for (const [d, raw] of changes) values.set(d, raw === null ? null : normalise(c, d, raw));
  await db.transaction().execute(async (trx) => {
    const m = await stored(trx);
    const current = Number(m.get(SETTINGS_VERSION_KEY) ?? 1);
    if (version !== undefined && version !== current) throw badInput(translate(c.locale, 'entity.stale'));
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (const [d, v] of values) {
      before[d.key] = m.get(d.key) ?? d.default;
      after[d.key] = v ?? d.default;
      await put(trx, d.key, v);
    }
    await put(trx, SETTINGS_VERSION_KEY, String(current + 1));
    await audit(trx, dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: 'setting.edit',
      object: 'setting.system:1',
      result: 'success',
      detail: { before, after },
    });
  });
  // The settings readers (session idle time, password age, the zone: registered as `settings`) and the user info
  // (the password's expiry, the zone) forget them in every process at once.
  invalidate(db, ['settings', 'userInfo']);
  return settingsRecord(db);
}
