/**
 * Server configuration from the environment ("Repository and commands", README "Configuration").
 */
import path from 'node:path';
import { DEFAULT_PASSWORD_MAX_AGE_DAYS } from '../shared/constants.js';

export interface Config {
  port: number;
  host: string;
  /** SQLite file and uploaded files live here. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite when empty. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Always starts and ends with '/': '/' or '/zwoa/'. */
  basePath: string;
  production: boolean;
  logLevel: string;
  passwordMaxAgeDays: number;
  /** Directory of the built front end. */
  clientDir: string;
  /** Seed the demo organisation on first start. */
  seedDemo: boolean;
  /**
   * Which proxies are trusted for X-Forwarded-For (fastify `trustProxy`): false (none: the peer is the client),
   * a hop count (TRUST_PROXY=1: the load balancer directly in front; the address it appended is the client's,
   * so a client cannot choose its own address by sending the header), or a list of proxy addresses / CIDRs.
   */
  trustProxy: boolean | number | string;
  /**
   * Sign-in calls one client address may make per minute, per call (LOGIN_IP_LIMIT_PER_MIN). Only a flood guard:
   * a whole office often shares one NAT address (see api/Login/common.ts for the default).
   */
  loginIpLimitPerMin: number;
  /** Sign-in calls per minute naming one account (user name, mobile, mail), per call (LOGIN_ACCOUNT_LIMIT_PER_MIN). */
  loginAccountLimitPerMin: number;
  /** PostgreSQL time limits (DESIGN §2): a stalled database answers within seconds instead of hanging requests. */
  pgTimeouts: PgTimeouts;
  /** PostgreSQL schema to work in (PG_SCHEMA; default the connection's search_path). */
  pgSchema?: string;
  /** Largest attachment File/upload accepts, bytes (UPLOAD_MAX_BYTES, default 50 MB). */
  uploadMaxBytes: number;
}

/** PostgreSQL time limits, milliseconds; 0 disables one. */
export interface PgTimeouts {
  /** Wait for a new connection or a free pooled one (pg `connectionTimeoutMillis`). */
  connectMs: number;
  /** Longest statement the server runs (`statement_timeout`). */
  statementMs: number;
  /** Longest wait for an answer on the client side (pg `query_timeout`): catches a stalled network or server. */
  queryMs: number;
  /** Longest a session may sit idle inside a transaction (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
}

/**
 * Defaults of the PostgreSQL time limits: an interactive call's statement takes milliseconds, so 5 s is far
 * above any of them; the client waits one second longer so the server's own cancel is the usual answer.
 * Start-up steps (migrations, seed) run without them (start.ts).
 */
export const DEFAULT_PG_TIMEOUTS: PgTimeouts = { connectMs: 3000, statementMs: 5000, queryMs: 6000, idleInTransactionMs: 15_000 };

/**
 * Default of LOGIN_IP_LIMIT_PER_MIN. A 3,000-person organisation signing in within 5 minutes makes about
 * 600 sign-ins a minute, with peaks of two to three times that; 3,000 lets all of them come through one NAT
 * address in a single minute, while one address flooding a call costs the server at most about 3,000 × 18 ms
 * ≈ 54 s of CPU a minute (under one core). Password guessing is stopped per account (lockout, captcha).
 */
export const DEFAULT_LOGIN_IP_LIMIT_PER_MIN = 3000;

/**
 * Default of LOGIN_ACCOUNT_LIMIT_PER_MIN: a person signs in a few times a minute at most; the lockout stops
 * guessing after 5 failures (DESIGN §7), this caps the work spent on one account from many addresses.
 */
export const DEFAULT_LOGIN_ACCOUNT_LIMIT_PER_MIN = 10;

/** TRUST_PROXY: '' or '0' → false; '1'/'true' → 1 hop; a number → that many hops; else a list of proxy addresses. */
export function parseTrustProxy(v: string | undefined): boolean | number | string {
  const s = (v ?? '').trim();
  if (!s || s === '0' || s === 'false') return false;
  if (s === 'true') return 1;
  if (/^\d+$/.test(s)) return Number(s);
  return s;
}

/** A positive integer from the environment, else `dflt`; '0' is kept where `zeroAllowed` (a disabled limit). */
function int(v: string | undefined, dflt: number, zeroAllowed = false): number {
  const n = Number(v);
  if (v === undefined || v.trim() === '' || !Number.isInteger(n) || n < 0 || (n === 0 && !zeroAllowed)) return dflt;
  return n;
}

/** Normalises a base path to '/x/y/' form ('' and '/' give '/'). */
export function normaliseBasePath(p: string | undefined): string {
  const trimmed = (p ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** Reads the configuration from `env` (defaults of README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'oa:',
    basePath: normaliseBasePath(env.BASE_PATH),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    passwordMaxAgeDays: Number(env.PASSWORD_MAX_AGE_DAYS ?? DEFAULT_PASSWORD_MAX_AGE_DAYS),
    clientDir: path.resolve(root, env.CLIENT_DIR ?? 'dist/client'),
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    loginIpLimitPerMin: int(env.LOGIN_IP_LIMIT_PER_MIN, DEFAULT_LOGIN_IP_LIMIT_PER_MIN),
    loginAccountLimitPerMin: int(env.LOGIN_ACCOUNT_LIMIT_PER_MIN, DEFAULT_LOGIN_ACCOUNT_LIMIT_PER_MIN),
    pgTimeouts: {
      connectMs: int(env.PG_CONNECT_TIMEOUT_MS, DEFAULT_PG_TIMEOUTS.connectMs, true),
      statementMs: int(env.PG_STATEMENT_TIMEOUT_MS, DEFAULT_PG_TIMEOUTS.statementMs, true),
      queryMs: int(env.PG_QUERY_TIMEOUT_MS, DEFAULT_PG_TIMEOUTS.queryMs, true),
      idleInTransactionMs: int(env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS, DEFAULT_PG_TIMEOUTS.idleInTransactionMs, true),
    },
    pgSchema: env.PG_SCHEMA || undefined,
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) > 0 ? Number(env.UPLOAD_MAX_BYTES) : 50 * 1024 * 1024,
  };
}
