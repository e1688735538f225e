/**
 * What the account services receive from a handler: the database, the configuration, the request's
 * translator and where the request came from. Services never see the Fastify request itself.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import type { Dialect } from '../db/index.js';

/** Translates a server message key (src/server/i18n) in the caller's locale. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Per-call context of the account services (DESIGN §6: handlers build it, services use it). */
export interface ServiceCtx {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  t: Translate;
  /** Client IP (Fastify `req.ip`, proxy-aware). */
  ip: string | null;
  userAgent: string | null;
}

/** The minimal request shape `serviceCtx` reads (a FastifyRequest satisfies it). */
export interface RequestLike {
  server: { ctx: { db: Kysely<DB>; dialect: Dialect; config: Config } };
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  t: Translate;
}

/** Builds the service context of a request. */
export function serviceCtx(req: RequestLike): ServiceCtx {
  const ua = req.headers['user-agent'];
  return {
    db: req.server.ctx.db,
    dialect: req.server.ctx.dialect,
    config: req.server.ctx.config,
    t: (key, params) => req.t(key, params),
    ip: req.ip ?? null,
    userAgent: (Array.isArray(ua) ? ua[0] : ua)?.slice(0, 255) ?? null,
  };
}
