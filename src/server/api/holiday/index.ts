/**
 * API group `holiday` (/setting/holiday, DESIGN §5 working-day deadlines): the records themselves are the generic
 * entity calls of `setting.holiday` (schemas/setting/entities/holiday.json: list, info, add, edit, del, export,
 * import). This module makes them count: it installs them as the organisation's calendar of engine/calendar
 * (`setHolidayOverrides`), so WORKDAYS in forms and the flow deadlines of engine/flow follow it before the
 * announced schedule (chinese-days) and the statutory holidays by rule. It adds:
 *
 * - `holiday/status` {} → {today, current, next, warn, canEdit}: the schedule of this year and the next (source
 *   announced | organisation | provisional, the statutory holidays not entered yet) and the years administrators
 *   are warned about (engine/calendar calendarStatus: a provisional current year; the next one from 11-01);
 *   any signed-in user, `canEdit` = holds setting:edit (only they are shown the warning).
 * - `holiday/importSchedule` {text} → {added, updated, years}: a 调休 schedule file (./scheduleFile.ts, e.g. a
 *   year's announcement) stored in ONE transaction, a date already entered is replaced, an audit row per record;
 *   permission setting:edit (checked before the file is read); -1 naming the line of the first problem, nothing
 *   written.
 *
 * The calendar is read when the server is ready, again after every write call of this group (before it answers), and
 * every HOLIDAY_REFRESH_MS so that the other processes of a PostgreSQL deployment follow within a minute.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { calendarStatus, setHolidayOverrides, yearSchedule } from '../../../../engine/calendar/index.js';
import { localDate } from '../../../../engine/flow/deadlines.js';
import type { DB } from '../../db/types.js';
import { loadEntities } from '../../engine/definitions.js';
import { EntityService, type PreparedAdd } from '../../engine/service.js';
import { callerOf } from '../../engine/api.js';
import { rowToRecord } from '../../engine/codec.js';
import { badInput } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import { call } from '../../lib/route.js';
import { translate } from '../../i18n/index.js';
import { parseScheduleFile } from './scheduleFile.js';

/** How often a running server reads the calendar again (ms). */
export const HOLIDAY_REFRESH_MS = 60_000;
/** Table of `setting.holiday` (its entity definition). */
const TABLE = 'biz_holiday';
const WRITES = /\/api\/holiday\/(add|edit|del|import|importSchedule)$/i;
/** Largest schedule file (characters): a year's announcement is about 30 lines. */
export const SCHEDULE_FILE_MAX = 100_000;

/**
 * The organisation's calendar: 'YYYY-MM-DD' → true (调休上班, a working day) or false (放假, a day off).
 * An absent table (an entity not synced yet) is an empty calendar.
 */
export async function loadHolidays(db: Kysely<DB>): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  try {
    const rows = await sql<{ date: string; dayKind: string }>`select ${sql.ref('date')}, ${sql.ref('dayKind')} from ${sql.table(TABLE)}`.execute(db);
    for (const r of rows.rows) {
      const date = String(r.date).slice(0, 10);
      if (r.dayKind === 'work') out.set(date, true);
      else if (r.dayKind === 'off') out.set(date, false);
    }
  } catch {
    // The table is created by the entity sync at start; until then the official calendar applies alone.
  }
  return out;
}

/** Reads the calendar and installs it process-wide (see the module comment). */
export async function refreshHolidays(db: Kysely<DB>): Promise<number> {
  const days = await loadHolidays(db);
  setHolidayOverrides(days.size ? (date) => days.get(date) : null);
  return days.size;
}

/** Installs the calendar hooks of the module comment on `app`. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  let timer: NodeJS.Timeout | null = null;
  const refresh = () => refreshHolidays(db).catch((err) => app.log.warn({ err }, 'holiday calendar not read'));
  app.addHook('onReady', async () => {
    await refresh();
    timer = setInterval(refresh, HOLIDAY_REFRESH_MS);
    timer.unref();
  });
  // Before the answer leaves (not after): whoever was told "saved" computes with the new calendar at once. The
  // hook is put on the write routes only (they are registered later, by engine/api.ts), not on every request.
  const reread = async (_req: unknown, _reply: unknown, payload: unknown) => {
    await refresh();
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (!methods.includes('POST') || !WRITES.test(route.url)) return;
    route.onSend = [...([] as any[]).concat(route.onSend ?? []), reread];
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    setHolidayOverrides(null);
  });

  const def = loadEntities().find((e) => e.id === 'setting.holiday');
  if (!def) throw new Error('entity setting.holiday is not defined in schemas/');
  const svc = new EntityService(def, db, app.ctx.dialect);

  call(app, 'holiday/status', { body: { type: 'object', properties: {}, additionalProperties: false } }, async (req) => {
    const a = await svc.access(callerOf(req), null);
    return { ...calendarStatus(localDate(now())), canEdit: a.codes.has(def.permissions?.edit ?? 'setting:edit') };
  });

  call<{ text: string }>(
    app,
    'holiday/importSchedule',
    {
      // authorised before the body is validated (a refused caller learns nothing about the file)
      permission: def.permissions?.import ?? def.permissions?.add,
      body: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: SCHEDULE_FILE_MAX, title: 'field.scheduleFile' } }, additionalProperties: false },
    },
    async (req) => {
      const c = callerOf(req);
      await svc.access(c, null, def.permissions?.import ?? def.permissions?.add);
      const parsed = parseScheduleFile(req.body.text);
      if ('error' in parsed) {
        const e = parsed.error;
        const msg = translate(req.locale, e.key, e.params);
        throw badInput(e.line ? translate(req.locale, 'holiday.file.line', { line: e.line, message: msg }) : msg);
      }
      const stored = new Map<string, Record<string, unknown>>();
      for (const r of (await sql<Record<string, unknown>>`select * from ${sql.table(TABLE)}`.execute(db)).rows) stored.set(String(r.date).slice(0, 10), r);
      // New dates are validated and built outside the transaction (on SQLite it holds the only connection).
      const fresh: PreparedAdd[] = [];
      for (const d of parsed.days) {
        if (stored.has(d.date)) continue;
        try {
          fresh.push(await svc.prepareAdd(c, { date: d.date, dayKind: d.dayKind, name: d.name, ...(d.remark ? { remark: d.remark } : {}) }));
        } catch (err) {
          throw badInput(translate(req.locale, 'holiday.file.line', { line: d.line, message: (err as Error).message }));
        }
      }
      const at = now();
      const result = await svc.write(async (trx) => {
        let updated = 0;
        for (const d of parsed.days) {
          const before = stored.get(d.date);
          if (!before) continue;
          if (before.dayKind === d.dayKind && before.name === d.name && (before.remark ?? null) === d.remark) continue;
          const after = await (trx as any)
            .updateTable(TABLE)
            .set({ dayKind: d.dayKind, name: d.name, remark: d.remark, version: Number(before.version) + 1, updated_by: c.userId, updated_at: at })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await svc.audit(trx, c, 'importSchedule', Number(before.id), rowToRecord(svc.spec, before), rowToRecord(svc.spec, after));
          updated++;
        }
        for (const p of fresh) await svc.insertPrepared(trx, c, p);
        return { added: fresh.length, updated };
      });
      // The calendar in force (the onSend hook reads it again for the other calls; the answer needs it now).
      await refreshHolidays(db);
      const years = [...new Set(parsed.days.map((d) => Number(d.date.slice(0, 4))))].sort().map((y) => yearSchedule(y));
      return { ...result, years };
    },
  );
}
