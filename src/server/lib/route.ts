/**
 * Declares an API call of SPEC §7: `POST <base>api/<Group>/<action>`, answered in the envelope
 * `{code, msg, data}`. Handlers stay thin (DESIGN §6): authenticate → validate → authorise → one
 * service call → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes.js';
import { ApiError, Ok } from './errors.js';
import { requireAuth, requireBusinessCaller, requirePermission, requireRole } from '../plugins/auth.js';
import { isBusinessCall } from './business.js';

/** JSON Schema of a call's body; each property's `title` is a `field.*` message key naming it. */
export interface BodySchema {
  type: 'object';
  required?: string[];
  properties: Record<string, Record<string, unknown>>;
  additionalProperties?: boolean;
}

export interface CallOptions {
  /** Needs a valid session (default true); a call without one answers -99. */
  auth?: boolean;
  /** Allowed while the session must change its password (-98 otherwise). */
  duringPasswordChange?: boolean;
  /** The caller must hold one of these role codes (e.g. `sysadmin`). */
  roles?: string[];
  /** The caller must hold this permission code (role_permissions, e.g. `document:setting`), checked before validation. */
  permission?: string;
  body?: BodySchema;
}

export type Handler<B = any> = (req: FastifyRequest<{ Body: B }>, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers `POST /api/<path>` on `app` (mounted under BASE_PATH by the caller).
 * The handler's return value becomes `data` (or an `Ok` gives `data` and its own `msg`);
 * a thrown `ApiError` becomes its code and message. A handler that answers a file itself (downloads,
 * exports) returns `reply` after `reply.send(stream)`: no envelope is added.
 */
export function call<B = any>(app: FastifyInstance, path: string, opts: CallOptions, handler: Handler<B>): void {
  type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  // DESIGN §6 order: authenticate (before the body is validated, so a call without a session
  // answers -99 whatever its body) → authorise by role and 三员分立 (./business.ts: no business for the 三员) →
  // validate, so a refused caller learns nothing about the body.
  const preValidation: Hook[] = opts.auth !== false ? [requireAuth(opts.duringPasswordChange === true)] : [];
  if (opts.auth !== false && isBusinessCall(path)) preValidation.push(requireBusinessCaller);
  if (opts.roles?.length) preValidation.push(requireRole(opts.roles));
  if (opts.permission) preValidation.push(requirePermission(opts.permission));
  const preHandler: Hook[] = [];
  app.post(`/api/${path}`, {
    schema: opts.body ? { body: opts.body } : undefined,
    preValidation,
    preHandler,
    handler: async (req, reply) => {
      const result = await handler(req as FastifyRequest<{ Body: B }>, reply);
      if (reply.sent || result === reply) return reply;
      if (result instanceof Ok) return { code: Code.OK, msg: result.msg, data: result.data ?? null };
      return { code: Code.OK, msg: req.t('ok'), data: result ?? null };
    },
  });
}

export { ApiError, Ok };
