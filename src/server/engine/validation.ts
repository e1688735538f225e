/**
 * Validation of entity records with ajv, from the entity model (DESIGN §4: one schema, validated by
 * ajv on the server and by rjsf in the browser). Messages name the field by its `x-title`
 * in the request's locale, with the same wording as every other call (`validate.*` keys).
 *
 * Body rules (documented decision): system fields (id, version, created_*, updated_*, owner_*) and
 * keys starting with `_` are ignored on add/edit; any other property the model does not have is
 * refused with -1 "不支持的参数：<name>". Form-encoded bodies are coerced (ajv coerceTypes; a JSON
 * string is parsed for array/object fields). `null`, and '' for non-string fields, clear the field;
 * '' of a required field counts as missing. Defaults of the model apply to missing fields on add.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { EntityDef, ModelProperty } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { badInput, type ApiError } from '../lib/errors.js';
import { SYSTEM_COLUMNS, type TableSpec } from './table.js';
import type { EntityRecord } from './codec.js';
import { definitionText } from './definitions.js';
import { canonicalInstant, temporalKind } from './range.js';

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, coerceTypes: true, allErrors: false, useDefaults: true });
addFormats(ajv);

/** The same keywords, every error reported (imports list every problem of a row). */
const ajvAll = new Ajv({ strict: false, coerceTypes: true, allErrors: true, useDefaults: true });
addFormats(ajvAll);

const compiled = new WeakMap<EntityDef, ValidateFunction>();
const compiledAll = new WeakMap<EntityDef, ValidateFunction>();

function typeOf(p: ModelProperty): string {
  return Array.isArray(p.type) ? (p.type.find((t) => t !== 'null') ?? 'string') : (p.type ?? 'string');
}

function schemaOf(def: EntityDef): object {
  const properties: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(def.model.properties)) {
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(p)) if (!k.startsWith('x-')) clean[k] = v;
    if (p['x-kind'] === 'date' && !clean.format) clean.format = 'date';
    properties[name] = clean;
  }
  return { type: 'object', properties, required: def.model.required ?? [] };
}

function validatorOf(def: EntityDef, all = false): ValidateFunction {
  const cache = all ? compiledAll : compiled;
  let v = cache.get(def);
  if (!v) {
    v = (all ? ajvAll : ajv).compile(schemaOf(def));
    cache.set(def, v);
  }
  return v;
}

/** A definition text `{t, d}` in `locale`: the areas' locale files, else the zh-CN default `d`. */
export function textIn(text: { t: string; d: string }, locale: Locale): string {
  return locale === 'zh-CN' ? text.d : (definitionText(locale, text.t) ?? text.d);
}

/** The label of field `name` of `def` in `locale`: its x-title (see textIn), else the name. */
export function fieldTitle(def: EntityDef, name: string, locale: Locale): string {
  const t = def.model.properties[name]?.['x-title'];
  return t ? textIn(t, locale) : name;
}

function message(def: EntityDef, e: ErrorObject, locale: Locale): string {
  const prop = (e.params as { missingProperty?: string }).missingProperty ?? e.instancePath.split('/')[1] ?? '';
  const field = fieldTitle(def, prop, locale);
  const t = (key: string, extra: Record<string, string> = {}) => translate(locale, key, { field, ...extra });
  switch (e.keyword) {
    case 'required':
      return t('validate.required');
    case 'format':
      return t('validate.format');
    case 'pattern': {
      const pm = def.model.properties[prop]?.['x-pattern-message'];
      return pm ? textIn(pm, locale) : t('validate.format');
    }
    case 'type':
      return t('validate.type');
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return t(`validate.${e.keyword}`, { limit: String((e.params as { limit: unknown }).limit) });
    case 'enum':
      return t('validate.enum');
    default:
      return t('validate.invalid');
  }
}

/**
 * `fields` (a new record's writable fields) with the `x-default-from` fields the caller left empty filled from the
 * session: the caller's user id or current department id (e.g. 拟稿部门 of a 发文). Changes `fields` in place.
 */
export function fillSessionDefaults(def: EntityDef, fields: EntityRecord, c: { userId: number; deptId: number | null }): EntityRecord {
  for (const [k, p] of Object.entries(def.model.properties)) {
    const from = p['x-default-from'];
    if (!from || (fields[k] !== undefined && fields[k] !== null && fields[k] !== '')) continue;
    const v = from === 'user' ? c.userId : c.deptId;
    if (v != null) fields[k] = v;
  }
  return fields;
}

/**
 * Cleans the writable fields of a body: drops system fields and `_`-keys, refuses unknown ones
 * (ApiError -1 naming the first), parses JSON strings of array/object fields, maps null (and '' of
 * non-string fields) to null, writes a datetime given with its zone as UTC ISO text. Returns field → value (null = clear).
 */
export function writableFields(def: EntityDef, body: Record<string, unknown>, locale: Locale, skip: string[] = []): EntityRecord {
  const out: EntityRecord = {};
  for (const [k, raw] of Object.entries(body ?? {})) {
    if (k.startsWith('_') || (SYSTEM_COLUMNS as readonly string[]).includes(k) || skip.includes(k)) continue;
    // own properties only: `constructor`, `__proto__`… are unknown keys, not the model's prototype
    const p = Object.hasOwn(def.model.properties, k) ? def.model.properties[k] : undefined;
    if (!p) throw badInput(translate(locale, 'validate.additional', { field: k }));
    const type = typeOf(p);
    let v = raw;
    if (v === null || (v === '' && type !== 'string')) v = null;
    else if ((type === 'array' || type === 'object') && typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        throw badInput(translate(locale, 'validate.type', { field: fieldTitle(def, k, locale) }));
      }
    }
    // A datetime with its zone is stored as UTC ISO text, so that list filters and calendar windows compare instants.
    if (typeof v === 'string' && temporalKind(p) === 'datetime') v = canonicalInstant(v) ?? v;
    out[k] = v;
  }
  return out;
}

/** Largest value of an integer column (PostgreSQL integer). */
export const INT_MAX = 2147483647;
/** Largest absolute value of a numeric column (numeric(18,2), 元). */
// eslint-disable-next-line no-loss-of-precision -- numeric(18,2)'s bound as written in SQL; JS compares with its nearest double
export const MONEY_MAX = 9999999999999999.99;

/**
 * What the column can hold beyond the model's own keywords: a varchar's length (a string without
 * maxLength gets varchar(255)), the integer range, the numeric(18,2) range. Returns the message or null.
 */
function columnLimits(def: EntityDef, spec: TableSpec, fields: EntityRecord, locale: Locale, all: boolean): RecordProblem[] {
  const out: RecordProblem[] = [];
  for (const c of spec.columns) {
    const v = fields[c.name];
    if (c.system || v === null || v === undefined) continue;
    if (out.length && !all) break;
    const field = fieldTitle(def, c.name, locale);
    if (c.family === 'text' && c.length != null && typeof v === 'string' && [...v].length > c.length) {
      out.push({ field: c.name, message: translate(locale, 'validate.maxLength', { field, limit: String(c.length) }) });
      continue;
    }
    if (c.family === 'integer' && typeof v === 'number' && Math.abs(v) > INT_MAX) {
      out.push({
        field: c.name,
        message: translate(locale, v > 0 ? 'validate.maximum' : 'validate.minimum', { field, limit: String(v > 0 ? INT_MAX : -INT_MAX) }),
      });
      continue;
    }
    if (c.family === 'numeric' && typeof v === 'number' && (!Number.isFinite(v) || Math.abs(v) > MONEY_MAX)) {
      out.push({ field: c.name, message: translate(locale, 'validate.maximum', { field, limit: String(MONEY_MAX) }) });
    }
  }
  return out;
}

/**
 * Validates the full record (`fields`; null means absent) against the model, then against what the
 * columns of `spec` can hold. Coerces in place (form-encoded strings to numbers/booleans). Returns an
 * ApiError (-1, naming the field) or null.
 */
export function validateRecord(def: EntityDef, fields: EntityRecord, locale: Locale, spec?: TableSpec): ApiError | null {
  const p = recordProblem(def, fields, locale, spec);
  return p ? badInput(p.message) : null;
}

/** The first problem of a record: the field (model name) and the message naming it (imports report both). */
export interface RecordProblem {
  field: string;
  message: string;
}

/** Like `validateRecord`, answering the problem with its field instead of an ApiError. */
export function recordProblem(def: EntityDef, fields: EntityRecord, locale: Locale, spec?: TableSpec): RecordProblem | null {
  return problemsOf(def, fields, locale, spec, false)[0] ?? null;
}

/**
 * Every problem of a record, one per field (the model's keywords, then what the columns can hold), in the
 * order of the model's errors; [] when the record is valid (then coerced in place like `validateRecord`).
 */
export function recordProblems(def: EntityDef, fields: EntityRecord, locale: Locale, spec?: TableSpec): RecordProblem[] {
  return problemsOf(def, fields, locale, spec, true);
}

function problemsOf(def: EntityDef, fields: EntityRecord, locale: Locale, spec: TableSpec | undefined, all: boolean): RecordProblem[] {
  const data: EntityRecord = {};
  const required = new Set(def.model.required ?? []);
  // An empty required text is missing ("请填写…"), as forms send ''.
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined && !(v === '' && required.has(k))) data[k] = v;
  const validate = validatorOf(def, all);
  const out: RecordProblem[] = [];
  if (!validate(data)) {
    for (const e of validate.errors ?? []) {
      const field = (e.params as { missingProperty?: string }).missingProperty ?? e.instancePath.split('/')[1] ?? '';
      if (!out.some((p) => p.field === field)) out.push({ field, message: message(def, e, locale) });
    }
    return out;
  }
  for (const k of Object.keys(data)) fields[k] = data[k];
  return spec ? columnLimits(def, spec, fields, locale, all) : [];
}

/**
 * Answers a database constraint violation of a write on `def` as -1: a unique key naming its fields, a reference
 * (foreign key) entity.badReference, a value the column cannot hold (PostgreSQL class 22) entity.badValue. Rethrows
 * anything else.
 */
export function constraintError(def: EntityDef, locale: Locale, e: unknown): never {
  const err = e as { code?: string; message?: string };
  const msg = String(err.message ?? '');
  if (err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const key = (def.unique ?? []).find((cols) => cols.every((col) => msg.includes(col))) ?? def.unique?.[0] ?? [];
    throw badInput(translate(locale, 'entity.duplicate', { field: key.map((f) => fieldTitle(def, f, locale)).join('、') }));
  }
  if (err.code === '23503' || err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw badInput(translate(locale, 'entity.badReference'));
  // Safety net: a value the column cannot hold (PostgreSQL class 22) is bad input, never a 500.
  if (typeof err.code === 'string' && /^22/.test(err.code)) throw badInput(translate(locale, 'entity.badValue'));
  throw e;
}
