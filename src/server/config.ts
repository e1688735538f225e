/**
 * Server configuration from the environment (issue 2 "Repository and commands", README "Configuration").
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
  /** Take client addresses from X-Forwarded-For (only behind a trusted load balancer). */
  trustProxy: boolean;
  /** Largest attachment File/upload accepts, bytes (UPLOAD_MAX_BYTES, default 50 MB). */
  uploadMaxBytes: number;
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
    trustProxy: env.TRUST_PROXY === '1',
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) > 0 ? Number(env.UPLOAD_MAX_BYTES) : 50 * 1024 * 1024,
  };
}
