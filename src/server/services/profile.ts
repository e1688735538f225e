/**
 * The signed-in user's own settings (SPEC §7 /api/Person/*): profile, password change, layout,
 * list settings, opened tabs (SPEC §2.4) and SMS reminder settings. Each write is one transaction
 * and forgets the cached user info.
 */
import { Code } from '../../shared/codes.js';
import { LAYOUT_STYLES, MENU_LAYOUTS, type MenuLayout } from '../../shared/constants.js';
import type { OpenedTab } from '../../shared/types.js';
import type { UserUpdate } from '../db/types.js';
import { now } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { ServiceCtx } from './context.js';
import { lockState, recordAttempt } from './lockout.js';
import { hashPassword, passwordIsStrong, verifyPassword } from './password.js';
import { forgetSessions, revokeUserSessions } from './session.js';
import { audit } from './audit.js';
import { decryptPassword } from './transport.js';
import { invalidateUserInfo, isPlainObject, parseJsonColumn } from './userInfo.js';

/** Most tabs kept per user. */
export const MAX_SAVED_TABS = 50;
/** Largest stored JSON of list settings, layout or SMS settings (characters). */
export const MAX_SETTING_JSON = 64 * 1024;

/**
 * SMS reminder settings (/api/Person/smsSetting), stored as `kind → on` (users.sms_setting JSON).
 * Answered in two equivalent forms: `settings` {enabled: any kind on, types: the kinds on} and
 * `setting` {kind: 0|1} with every saved kind (what the personal-settings switches show).
 */
export interface SmsSettingAnswer {
  settings: { enabled: boolean; types: string[] };
  setting: Record<string, 0 | 1>;
}

/** Kind → on of a user who never saved any: no reminders by SMS. */
export const DEFAULT_SMS_SETTING: Record<string, boolean> = {};

async function updateUser(ctx: ServiceCtx, userId: number, set: UserUpdate): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...set, updated_at: now() })
      .where('id', '=', userId)
      .execute();
  });
  invalidateUserInfo(ctx.db, userId);
}

/** Parses a JSON string field; -1 "{field}不是有效的 JSON" when it does not parse or is too long. */
export function parseJsonField(ctx: ServiceCtx, text: string, fieldKey: string): unknown {
  const field = ctx.t(fieldKey);
  if (text.length > MAX_SETTING_JSON) throw new ApiError(ctx.t('validate.maxLength', { field, limit: MAX_SETTING_JSON }), Code.ERROR);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(ctx.t('person.badJson', { field }), Code.ERROR);
  }
}

/**
 * A setting sent as a JSON string (form-encoded or JSON body) or as a JSON value (JSON body):
 * the parsed value. Errors: -1 when the string does not parse or the value is too large.
 */
export function jsonValue(ctx: ServiceCtx, v: unknown, fieldKey: string): unknown {
  if (typeof v === 'string') return parseJsonField(ctx, v, fieldKey);
  if (JSON.stringify(v ?? null).length > MAX_SETTING_JSON) {
    throw new ApiError(ctx.t('validate.maxLength', { field: ctx.t(fieldKey), limit: MAX_SETTING_JSON }), Code.ERROR);
  }
  return v;
}

/** Profile fields of /api/Person/saveUserInfo; absent fields are kept, '' clears mobile, email, avatar. */
export interface ProfileInput {
  realname?: string;
  mobile?: string;
  email?: string;
  avatar?: string;
  gender?: number;
}

/** Saves the user's own profile. Errors: -1 when the mobile is used by another user (SMS login needs it unique). */
export async function saveProfile(ctx: ServiceCtx, userId: number, input: ProfileInput): Promise<void> {
  const set: UserUpdate = {};
  if (input.realname !== undefined) set.realname = input.realname.trim();
  if (input.mobile !== undefined) set.mobile = input.mobile.trim() || null;
  if (input.email !== undefined) set.email = input.email.trim() || null;
  if (input.avatar !== undefined) set.avatar = input.avatar.trim() || null;
  if (input.gender !== undefined) set.gender = input.gender;
  if (Object.keys(set).length === 0) return;
  const error = await ctx.db.transaction().execute(async (trx) => {
    if (set.mobile) {
      const other = await trx.selectFrom('users').select('id').where('mobile', '=', set.mobile).where('id', '!=', userId).limit(1).executeTakeFirst();
      if (other) return 'person.mobileTaken';
    }
    await trx
      .updateTable('users')
      .set({ ...set, updated_at: now() })
      .where('id', '=', userId)
      .execute();
    return null;
  });
  if (error) throw new ApiError(ctx.t(error), Code.ERROR);
  invalidateUserInfo(ctx.db, userId);
}

/** The signed-in user changing a password. */
export interface PasswordChanger {
  userId: number;
  username: string;
  sessionId: number;
}

/**
 * Changes the password: the old one must verify (-1 原密码错误, counted like a failed sign-in, so the
 * lockout also stops guessing through this call: -1 locked), the new one must be strong (-1) and
 * differ (-1). Stores argon2id, sets password_changed_at, clears password_initial and this session's must_change_password
 * and revokes the user's other sessions.
 */
export async function changePassword(ctx: ServiceCtx, who: PasswordChanger, oldCipher: string, newCipher: string): Promise<void> {
  const { userId, sessionId } = who;
  const oldPlain = await decryptPassword(ctx, oldCipher, 'field.oldPassword');
  const newPlain = await decryptPassword(ctx, newCipher, 'field.newPassword');
  const lock = await lockState(ctx.db, who.username);
  if (lock.locked) throw new ApiError(ctx.t('login.locked', { minutes: lock.minutesLeft }), Code.ERROR);
  const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, oldPlain))) {
    await ctx.db.transaction().execute((trx) =>
      recordAttempt(trx, ctx.dialect, {
        username: who.username,
        userId,
        success: false,
        method: 'change',
        reason: 'bad_password',
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      }),
    );
    throw new ApiError(ctx.t('password.oldWrong'), Code.ERROR);
  }
  if (!passwordIsStrong(newPlain)) throw new ApiError(ctx.t('password.weak'), Code.ERROR);
  if (newPlain === oldPlain) throw new ApiError(ctx.t('password.same'), Code.ERROR);
  const hash = await hashPassword(newPlain);
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    await trx.updateTable('users').set({ password_hash: hash, password_changed_at: t, password_initial: 0, updated_at: t }).where('id', '=', userId).execute();
    await trx.updateTable('sessions').set({ must_change_password: 0 }).where('id', '=', sessionId).execute();
    await revokeUserSessions(trx, userId, sessionId);
    await audit(trx, ctx.dialect, { userId, username: who.username, ip: ctx.ip, event: 'password.change', object: `user:${userId}`, result: 'success' });
  });
  forgetSessions(ctx.db);
  invalidateUserInfo(ctx.db, userId);
}

/**
 * Saves the layout JSON string (SPEC §3 "Layout setting"): it must parse to an object whose
 * menuSetting, when present, is mix | mix2 | top | left and whose setlayoutStyle, when present, is 1–6.
 */
export async function saveLayout(ctx: ServiceCtx, userId: number, layout: string): Promise<void> {
  const v = parseJsonField(ctx, layout, 'field.layout');
  if (!isPlainObject(v)) throw new ApiError(ctx.t('person.badJson', { field: ctx.t('field.layout') }), Code.ERROR);
  if (v.menuSetting !== undefined && !MENU_LAYOUTS.includes(v.menuSetting as MenuLayout)) {
    throw new ApiError(ctx.t('validate.enum', { field: ctx.t('field.menuSetting') }), Code.ERROR);
  }
  if (v.setlayoutStyle !== undefined) {
    const n = typeof v.setlayoutStyle === 'string' && /^\d$/.test(v.setlayoutStyle) ? Number(v.setlayoutStyle) : v.setlayoutStyle;
    if (!(LAYOUT_STYLES as readonly unknown[]).includes(n)) {
      throw new ApiError(ctx.t('validate.enum', { field: ctx.t('field.setlayoutStyle') }), Code.ERROR);
    }
    v.setlayoutStyle = n;
  }
  await updateUser(ctx, userId, { layout: JSON.stringify(v) });
}

/** Saves one list's settings under `key` (a JSON string or a JSON value; '', 'null' or null removes the key). */
export async function saveListSetting(ctx: ServiceCtx, userId: number, key: string, setting: unknown): Promise<void> {
  const value = typeof setting === 'string' && setting.trim() === '' ? null : jsonValue(ctx, setting, 'field.setting');
  const error = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select('list_settings').where('id', '=', userId).executeTakeFirst();
    const all = parseJsonColumn<Record<string, unknown>>(row?.list_settings ?? null, {}, isPlainObject);
    if (value === null) delete all[key];
    else all[key] = value;
    const text = JSON.stringify(all);
    if (text.length > MAX_SETTING_JSON) return 'person.settingsFull';
    await trx.updateTable('users').set({ list_settings: text, updated_at: now() }).where('id', '=', userId).execute();
    return null;
  });
  if (error) throw new ApiError(ctx.t(error), Code.ERROR);
  invalidateUserInfo(ctx.db, userId);
}

/** Saves the opened tabs (SPEC §2.4): a JSON array of at most 50 {path: '/…', key, title?}. */
export async function saveTabs(ctx: ServiceCtx, userId: number, tabs: string): Promise<OpenedTab[]> {
  const v = parseJsonField(ctx, tabs, 'field.tabs');
  const field = ctx.t('field.tabs');
  if (!Array.isArray(v)) throw new ApiError(ctx.t('person.badJson', { field }), Code.ERROR);
  if (v.length > MAX_SAVED_TABS) throw new ApiError(ctx.t('person.tooManyTabs', { limit: MAX_SAVED_TABS }), Code.ERROR);
  const clean: OpenedTab[] = [];
  for (const item of v) {
    const ok =
      isPlainObject(item) &&
      typeof item.path === 'string' &&
      item.path.startsWith('/') &&
      item.path.length <= 1000 &&
      typeof item.key === 'string' &&
      item.key.length <= 200 &&
      (item.title === undefined || item.title === null || (typeof item.title === 'string' && item.title.length <= 200));
    if (!ok) throw new ApiError(ctx.t('validate.invalid', { field }), Code.ERROR);
    const tab: OpenedTab = { path: item.path as string, key: item.key as string };
    if (typeof item.title === 'string') tab.title = item.title;
    clean.push(tab);
  }
  await updateUser(ctx, userId, { tabs: JSON.stringify(clean) });
  return clean;
}

/**
 * Reads an SMS setting in either accepted shape — {enabled, types: string[]} or {kind: boolean|0|1}
 * (at most 50 kinds of at most 50 characters) — as kind → on; null when it is neither.
 */
function asSmsKinds(v: unknown): Record<string, boolean> | null {
  if (!isPlainObject(v)) return null;
  const isFlag = (x: unknown) => typeof x === 'boolean' || x === 0 || x === 1 || x === '0' || x === '1';
  const on = (x: unknown) => x === true || x === 1 || x === '1';
  const out: Record<string, boolean> = {};
  if ('types' in v || 'enabled' in v) {
    const types = v.types ?? [];
    const enabled = v.enabled ?? true;
    if (!isFlag(enabled) || !Array.isArray(types) || !types.every((x) => typeof x === 'string' && x && x.length <= 50)) return null;
    for (const k of types as string[]) out[k] = on(enabled);
  } else {
    for (const [k, x] of Object.entries(v)) {
      if (!k || k.length > 50 || !isFlag(x)) return null;
      out[k] = on(x);
    }
  }
  return Object.keys(out).length <= 50 ? out : null;
}

function smsAnswer(kinds: Record<string, boolean>): SmsSettingAnswer {
  const types = Object.keys(kinds).filter((k) => kinds[k]);
  return {
    settings: { enabled: types.length > 0, types },
    setting: Object.fromEntries(Object.entries(kinds).map(([k, x]) => [k, x ? 1 : 0])) as Record<string, 0 | 1>,
  };
}

/** The user's SMS reminder settings (nothing on when never saved). */
export async function smsSetting(ctx: ServiceCtx, userId: number): Promise<SmsSettingAnswer> {
  const row = await ctx.db.selectFrom('users').select('sms_setting').where('id', '=', userId).executeTakeFirst();
  const parsed = parseJsonColumn<unknown>(row?.sms_setting ?? null, null, isPlainObject);
  return smsAnswer(asSmsKinds(parsed) ?? { ...DEFAULT_SMS_SETTING });
}

/**
 * Saves the SMS reminder settings, given as a JSON string or an object, in either shape of
 * `asSmsKinds`. Errors: -1 naming 设置 when it is not JSON or not one of the shapes.
 */
export async function saveSmsSetting(ctx: ServiceCtx, userId: number, setting: unknown): Promise<SmsSettingAnswer> {
  const kinds = asSmsKinds(jsonValue(ctx, setting, 'field.setting'));
  if (!kinds) throw new ApiError(ctx.t('validate.invalid', { field: ctx.t('field.setting') }), Code.ERROR);
  await updateUser(ctx, userId, { sms_setting: JSON.stringify(kinds) });
  return smsAnswer(kinds);
}
