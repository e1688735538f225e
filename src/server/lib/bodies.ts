/**
 * Building blocks of call body schemas (lib/route.ts `call`): each property carries its `title`, a `field.*`
 * message key, so a refusal names the field in the caller's language (SPEC §8: -1 naming the field).
 * Integers are bounded by the PostgreSQL integer range, texts by a length, lists by a count, so that no
 * value a schema lets through can overflow a column or an offset.
 */
import type { FastifyRequest } from 'fastify';
import type { BodySchema } from './route.js';

/** Largest value of an integer column (PostgreSQL integer). */
export const INT_MAX = 2147483647;
/** Largest page size any list answers. */
export const PAGE_MAX = 1000;

type Prop = Record<string, unknown>;

/** A record id (1 … INT_MAX). */
export const id = (title = 'field.id'): Prop => ({ type: 'integer', minimum: 1, maximum: INT_MAX, title });
/** An optional id where '' or null mean "none" (form-encoded and JSON clients: '' is coerced to null). */
export const optId = (title = 'field.id'): Prop => ({ type: ['integer', 'null'], minimum: 1, maximum: INT_MAX, title });
/** An integer within [min, max]. */
export const int = (title: string, min = 0, max = INT_MAX): Prop => ({ type: 'integer', minimum: min, maximum: max, title });
/** A text of at most `max` characters. */
export const str = (title: string, max = 255): Prop => ({ type: 'string', maxLength: max, title });
/** A text, or null. */
export const optStr = (title: string, max = 255): Prop => ({ type: ['string', 'null'], maxLength: max, title });
/** A 0/1 flag as JSON or form clients send it (0, 1, '0', '1', true, false, ''). */
export const flag = (title: string): Prop => ({ enum: [0, 1, '0', '1', true, false, 'true', 'false', '', null], title });
/** A list of ids (at most `max`), or the same as a comma-separated text ("1,2,3"), or '' for none. */
export const idList = (title = 'field.ids', max = 2000): Prop => ({
  type: ['array', 'string'],
  items: { type: 'integer', minimum: 1, maximum: INT_MAX },
  maxItems: max,
  maxLength: max * 11,
  pattern: '^[0-9, ]*$',
  title,
});
/** A list of texts (at most `max` items of at most `len` characters). */
export const strList = (title: string, max = 2000, len = 255): Prop => ({ type: 'array', items: { type: 'string', maxLength: len }, maxItems: max, title });
/** An object (or its JSON text, as form clients send it) checked by the handler. */
export const objOrJson = (title: string, max = 1_000_000): Prop => ({ type: ['object', 'string', 'null'], maxLength: max, title });
/** Anything JSON of at most … the handler checks it (a free-form value such as a designer's definition). */
export const anyValue = (title: string): Prop => ({ title });

/** The paging keys of every list: current (1 …), pageSize (1 … PAGE_MAX). */
export const PAGING = {
  current: int('field.current', 1, INT_MAX),
  pageSize: int('field.pageSize', 1, PAGE_MAX),
};

/** `{id}` */
export const ID_BODY: BodySchema = { type: 'object', required: ['id'], properties: { id: id() } };
/** `{id?}` */
export const OPT_ID_BODY: BodySchema = { type: 'object', properties: { id: optId() } };
/** `{id?, ids?}` of a deletion: one id, or a list / comma text of ids. */
export const DEL_BODY: BodySchema = { type: 'object', properties: { id: optId(), ids: idList() } };
/** A list: paging, keyword, filters and sort (object or JSON text). */
export const LIST_BODY: BodySchema = {
  type: 'object',
  properties: {
    ...PAGING,
    keyword: str('field.keyword', 100),
    filters: objOrJson('field.filters', 10_000),
    sort: objOrJson('field.sort', 1000),
    // the list page and view the browser's list shows (engine/data/api.ts ListParams)
    page: optStr('field.page', 200),
    view: optStr('field.view', 200),
  },
};
/**
 * A record of an entity (add/edit): `id`, `version` and the model's fields. The fields are the entity model's
 * (engine/validation.ts writableFields refuses an unknown one naming it, with the same message as a schema).
 */
export function recordBody(extra: Record<string, Prop> = {}): BodySchema {
  return { type: 'object', properties: { id: optId(), version: optId('field.version'), ...extra }, additionalProperties: true };
}

/** `properties` as a body schema (`required` lists the keys that must be present). */
export function body(properties: Record<string, Prop>, required?: string[]): BodySchema {
  return required?.length ? { type: 'object', properties, required } : { type: 'object', properties };
}

/** The body of a request as a plain object (JSON or form-encoded; `{}` when absent). */
export function bodyOf(req: FastifyRequest): Record<string, any> {
  const b = req.body as unknown;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, any>) : {};
}
