/**
 * What every handler and service receives: the database, the configuration and the services,
 * decorated on the Fastify instance as `app.ctx`, plus per-request auth and locale.
 */
import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Locale } from '../../shared/constants.js';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import type { Dialect } from '../db/index.js';

/** The signed-in user of a request (set by the auth plugin from the session). */
export interface AuthUser {
  sessionId: number;
  userId: number;
  uuid: string;
  username: string;
  realname: string;
  /** Current department of this session (SPEC §3 "Department list for the user": current). */
  deptId: number | null;
  isAdmin: boolean;
  mustChangePassword: boolean;
  adminLogin: boolean;
}

/** Long-lived server context. */
export interface ServerContext {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  /** Shared Redis connection when REDIS_URL is set (shared rate limits, reminders across processes). */
  redis: Redis | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
  interface FastifyRequest {
    /** Set on authenticated routes. */
    user: AuthUser;
    locale: Locale;
    /** Translates a server message key in the request's locale. */
    t(key: string, params?: Record<string, string | number>): string;
  }
}
