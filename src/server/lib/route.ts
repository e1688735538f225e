/**
 * Declares an API call of SPEC §7: `POST <base>api/<Group>/<action>`, answered in the envelope
 * `{code, msg, data}`. Handlers stay thin (DESIGN §6): authenticate → authorise → validate → one
 * service call → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { Code } from '../../shared/codes.js';
import { ApiError, Ok } from './errors.js';
import { requireAuth, requireBusinessCaller, requirePermission, requireRole } from '../plugins/auth.js';
import { isBusinessCall } from './business.js';

/**
 * JSON Schema of a call's body; each property's `title` is a `field.*` message key naming it.
 * `additionalProperties` defaults to false (see `call`); `true` only where the extra keys are the fields of
 * a record that the entity model validates itself (engine/validation.ts writableFields refuses unknown ones
 * with the same message).
 */
export interface BodySchema {
  type: 'object';
  required?: string[];
  properties: Record<string, Record<string, unknown>>;
  additionalProperties?: boolean;
}

/** The body of a call that takes no parameters. */
export const NO_BODY: BodySchema = { type: 'object', properties: {} };

/** A check of the caller run after authentication and before the body is validated; throws ApiError to refuse. */
export type Guard = (req: FastifyRequest) => Promise<unknown>;

export interface CallOptions {
  /** Needs a valid session (default true); a call without one answers -99. */
  auth?: boolean;
  /** Allowed while the session must change its password (-98 otherwise). */
  duringPasswordChange?: boolean;
  /** The caller must hold one of these role codes (e.g. `sysadmin`). */
  roles?: string[];
  /** The caller must hold this permission code (role_permissions, e.g. `document:setting`), checked before validation. */
  permission?: string;
  /** Permission checks of the call's own (e.g. the organisation readers), run before the body is looked at. */
  guard?: Guard | Guard[];
  /** The body's schema; absent = the call takes no parameters (NO_BODY). */
  body?: BodySchema;
  /**
   * The call reads a multipart upload itself (`req.parts()`, refusing unexpected parts): multipart bodies skip
   * the schema, which still applies to JSON and form-encoded bodies.
   */
  multipart?: boolean;
}

export type Handler<B = any> = (req: FastifyRequest<{ Body: B }>, reply: FastifyReply) => Promise<unknown>;

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;
/**
 * The validator of every call body. Unknown keys are REFUSED (-1 "不支持的参数：<key>"), not stripped
 * (fastify's default `removeAdditional`): a misspelt or unexpected key is a caller's mistake or a probe, and
 * answering it names the key, as the entity calls already do for record fields (engine/validation.ts);
 * stripping would silently drop a misspelt optional field. Form-encoded bodies send strings, so types are
 * coerced ('array' also wraps a single form value into a one-element list).
 */
const ajv = new Ajv({ strict: false, coerceTypes: 'array', useDefaults: true, removeAdditional: false, allowUnionTypes: true, allErrors: false });
addFormats(ajv);

/** Largest value of an integer column (PostgreSQL integer). */
const INT_MAX = 2147483647;

/**
 * `schema` with every integer bounded to the integer column range, and every number to the safe integers, unless
 * it sets its own bounds: an id, a page or a count beyond it can only overflow a column or an offset (a larger
 * value says so). The bound is also what refuses Infinity: a form's "1e999" is coerced to it (ajv's strictNumbers
 * is no help: with coercion it lets the coerced Infinity past every other keyword).
 */
function bounded(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(bounded);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'enum' || k === 'const' || k === 'default' ? v : bounded(v);
  const types = [out.type].flat();
  const limit = types.includes('integer') ? INT_MAX : types.includes('number') ? Number.MAX_SAFE_INTEGER : null;
  if (limit !== null) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = limit;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -limit;
  }
  return out;
}

/** The schema `call` validates: `body` with additionalProperties false unless it says otherwise, and its numbers bounded (see bounded). */
export function effectiveSchema(body: BodySchema): BodySchema {
  return bounded({ ...body, additionalProperties: body.additionalProperties ?? false }) as BodySchema;
}

/**
 * Validates `req.body` against `schema` as `call` does (coercing in place), for routes that pick their schema per
 * request (designer-made entities, one parametric route); throws the validation error the error plugin answers
 * as -1 naming the field. A multipart body is left to its handler.
 */
export function checkBody(req: FastifyRequest, schema: BodySchema): void {
  if (isMultipart(req)) return;
  let v = checked.get(schema);
  if (!v) checked.set(schema, (v = ajv.compile(effectiveSchema(schema))));
  if (req.body === undefined) req.body = {};
  if (!v(req.body)) throw Object.assign(new Error('body'), { validation: v.errors, validationContext: 'body' });
}
/** checkBody's validators, by the schema given. */
const checked = new WeakMap<object, ValidateFunction>();

/** Whether `req` carries a multipart body. */
function isMultipart(req: FastifyRequest): boolean {
  return String(req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/');
}

/**
 * Registers `POST /api/<path>` on `app` (mounted under BASE_PATH by the caller).
 * The handler's return value becomes `data` (or an `Ok` gives `data` and its own `msg`);
 * a thrown `ApiError` becomes its code and message. A handler that answers a file itself (downloads,
 * exports) returns `reply` after `reply.send(stream)`: no envelope is added.
 *
 * Order (DESIGN §6): authenticate (-99/-98) → authorise (`roles`, `guard`: -1 error.forbidden) → validate the
 * body (-1 naming the field) → handler, so a caller refused for who he is learns nothing about the body.
 */
export function call<B = any>(app: FastifyInstance, path: string, opts: CallOptions, handler: Handler<B>): void {
  type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  // DESIGN §6 order: authenticate (before the body is validated, so a call without a session
  // answers -99 whatever its body) → authorise by role, 三员分立 (./business.ts: no business for the 三员),
  // permission code and the call's own guards → validate, so a refused caller learns nothing about the body.
  const preValidation: Hook[] = [];
  if (opts.auth !== false) preValidation.push(requireAuth(opts.duringPasswordChange === true));
  if (opts.auth !== false && isBusinessCall(path)) preValidation.push(requireBusinessCaller);
  if (opts.roles?.length) preValidation.push(requireRole(opts.roles));
  if (opts.permission) preValidation.push(requirePermission(opts.permission));
  for (const g of [opts.guard ?? []].flat()) preValidation.push(async (req) => void (await g(req)));
  // A multipart body is read by the handler (req.parts()), which refuses unexpected parts itself: the schema
  // sees an empty object.
  if (opts.multipart) preValidation.push(async (req) => void (isMultipart(req) && (req.body = {})));
  const body = effectiveSchema(opts.body ?? NO_BODY);
  const validate = ajv.compile(body);
  app.post(`/api/${path}`, {
    schema: { body },
    validatorCompiler: () => validate,
    preValidation,
    handler: async (req, reply) => {
      const result = await handler(req as FastifyRequest<{ Body: B }>, reply);
      if (reply.sent || result === reply) return reply;
      if (result instanceof Ok) return { code: Code.OK, msg: result.msg, data: result.data ?? null };
      return { code: Code.OK, msg: req.t('ok'), data: result ?? null };
    },
  });
}

export { ApiError, Ok };
