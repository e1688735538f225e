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
 *
 * Platform core: the engine's deadlines and the console's warning (src/app/components/calendar) need it whatever the
 * areas. The 调休 schedule import of /setting/holiday (`holiday/importSchedule`) is the 系统设置 area's
 * (src/areas/setting/server/api/holiday.ts).
 *
 * The calendar is read when the server is ready, again after every write call of this group (before it answers), and
 * every HOLIDAY_REFRESH_MS so that the other processes of a PostgreSQL deployment follow within a minute.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { calendarStatus, setHolidayOverrides } from '../../../../engine/calendar/index.js';
import { localDate } from '../../../../engine/flow/deadlines.js';
import type { DB } from '../../db/types.js';
import { loadEntities } from '../../engine/definitions.js';
import { EntityService } from '../../engine/service.js';
import { callerOf } from '../../engine/api.js';
import { now } from '../../lib/clock.js';
import { call } from '../../lib/route.js';

/** How often a running server reads the calendar again (ms). */
export const HOLIDAY_REFRESH_MS = 60_000;
/** Table of `setting.holiday` (its entity definition). */
export const HOLIDAY_TABLE = 'biz_holiday';
const WRITES = /\/api\/holiday\/(add|edit|del|import|importSchedule)$/i;

/**
 * The organisation's calendar: 'YYYY-MM-DD' → true (调休上班, a working day) or false (放假, a day off).
 * An absent table (an entity not synced yet) is an empty calendar.
 */
export async function loadHolidays(db: Kysely<DB>): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  try {
    const rows = await sql<{ date: string; dayKind: string }>`select ${sql.ref('date')}, ${sql.ref('dayKind')} from ${sql.table(HOLIDAY_TABLE)}`.execute(db);
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
}
