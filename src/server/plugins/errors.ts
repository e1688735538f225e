/**
 * Every failure answers in the envelope of SPEC §8: ApiError → its code and msg; bad input → -1
 * naming the field; bad JSON, wrong content type, oversize body, unknown API → -1 with a message;
 * a database that cannot answer now (down, stalled, timed out, SQLite busy: db/index.ts isDatabaseUnavailable)
 * → -1 "数据库暂时不可用，请稍后再试" (HTTP 200 to the front end, 503 with Retry-After to any other caller);
 * anything else → -1 "服务器内部错误", logged with the request id, never a stack trace to the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes.js';
import { ApiError } from '../lib/errors.js';
import { isDatabaseUnavailable } from '../db/index.js';

/** Seconds a caller is asked to wait (Retry-After) when the database is unavailable. */
export const DB_RETRY_AFTER_S = 5;

/**
 * True when the request comes from the app's own front end: its axios client (src/app/services/http.ts) sends
 * `X-Requested-With: XMLHttpRequest` on every call. The front end reads the envelope of an HTTP 200 answer and
 * shows its message; other callers (portals, scripts, load balancers) get the HTTP status that fits.
 */
export function fromFrontEnd(req: FastifyRequest): boolean {
  return String(req.headers['x-requested-with'] ?? '').toLowerCase() === 'xmlhttprequest';
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The `field.*` label of a body property, from its schema `title` or its own name. */
function fieldLabel(req: FastifyRequest, prop: string): string {
  const schema = (req.routeOptions.schema?.body ?? {}) as { properties?: Record<string, { title?: string }> };
  const key = schema.properties?.[prop]?.title ?? `field.${prop}`;
  const label = req.t(key);
  return label === key ? prop : label;
}

/** Turns the first ajv error of a body into a message naming the field. */
export function validationMessage(req: FastifyRequest, errors: AjvError[]): string {
  const e = errors[0];
  const prop = (e.params.missingProperty as string) ?? e.instancePath.split('/')[1] ?? '';
  const field = fieldLabel(req, prop);
  switch (e.keyword) {
    case 'required':
      return req.t('validate.required', { field });
    case 'format':
    case 'pattern':
      return req.t('validate.format', { field });
    case 'type':
      return req.t('validate.type', { field });
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return req.t(`validate.${e.keyword}`, { field, limit: String(e.params.limit) });
    case 'enum':
      return req.t('validate.enum', { field });
    case 'additionalProperties':
      return req.t('validate.additional', { field: String(e.params.additionalProperty) });
    default:
      return req.t('validate.invalid', { field });
  }
}

function envelope(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, data });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) return envelope(reply, 200, err.code, err.message, err.data);
    if (err.validation) return envelope(reply, 200, Code.ERROR, validationMessage(req, err.validation as AjvError[]));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return envelope(reply, 400, Code.ERROR, req.t('error.badJson'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return envelope(reply, 415, Code.ERROR, req.t('error.mediaType', { type: String(req.headers['content-type'] ?? '') }));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return envelope(reply, 413, Code.ERROR, req.t('error.tooLarge'));
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return envelope(reply, 400, Code.ERROR, req.t('error.badJson'));
    }
    if (err.statusCode === 429) return envelope(reply, 429, Code.ERROR, req.t('error.tooMany'));
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err, reqId: req.id }, 'database unavailable');
      if (!fromFrontEnd(req)) reply.header('retry-after', String(DB_RETRY_AFTER_S));
      return envelope(reply, fromFrontEnd(req) ? 200 : 503, Code.ERROR, req.t('error.dbUnavailable'));
    }
    if (err instanceof SyntaxError) return envelope(reply, 400, Code.ERROR, req.t('error.badJson'));
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return envelope(reply, 500, Code.ERROR, req.t('error.internal'), { requestId: req.id });
  });
}
