/**
 * `holiday/importSchedule` of /setting/holiday (导入调休安排): {text} → {added, updated, years}, a 调休 schedule file
 * (./scheduleFile.ts, e.g. a year's announcement) stored in ONE transaction, a date already entered is replaced, an
 * audit row per record; permission setting:edit (checked before the file is read); -1 naming the line of the first
 * problem, nothing written. The calendar in force is read again before the answer (src/server/api/holiday: the
 * organisation's calendar, holiday/status).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { yearSchedule } from '../../../../../engine/calendar/index.js';
import { loadEntities } from '../../../../server/engine/definitions.js';
import { EntityService, type PreparedAdd } from '../../../../server/engine/service.js';
import { callerOf } from '../../../../server/engine/api.js';
import { rowToRecord } from '../../../../server/engine/codec.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { call } from '../../../../server/lib/route.js';
import { translate } from '../../../../server/i18n/index.js';
import { HOLIDAY_TABLE, refreshHolidays } from '../../../../server/api/holiday/index.js';
import { parseScheduleFile } from './scheduleFile.js';

/** Largest schedule file (characters): a year's announcement is about 30 lines. */
export const SCHEDULE_FILE_MAX = 100_000;

/** Registers holiday/importSchedule on `app`. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const def = loadEntities().find((e) => e.id === 'setting.holiday');
  if (!def) throw new Error('entity setting.holiday is not defined in schemas/');
  const svc = new EntityService(def, db, app.ctx.dialect);

  call<{ text: string }>(
    app,
    'holiday/importSchedule',
    {
      // authorised before the body is validated (a refused caller learns nothing about the file)
      permission: def.permissions?.import ?? def.permissions?.add,
      body: {
        type: 'object',
        required: ['text'],
        properties: { text: { type: 'string', maxLength: SCHEDULE_FILE_MAX, title: 'field.scheduleFile' } },
        additionalProperties: false,
      },
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
      for (const r of (await sql<Record<string, unknown>>`select * from ${sql.table(HOLIDAY_TABLE)}`.execute(db)).rows)
        stored.set(String(r.date).slice(0, 10), r);
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
            .updateTable(HOLIDAY_TABLE)
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
