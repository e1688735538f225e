/**
 * Builds the Fastify application: plugins of DESIGN §2, the envelope and error handling of SPEC §8,
 * every API group under `<BASE_PATH>api/`, and the built front end with history-mode fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { Redis, type RedisOptions } from 'ioredis';
import { REQUEST_TIMEOUT_MS } from '../shared/constants.js';
import { Code } from '../shared/codes.js';
import type { Config } from './config.js';
import { probeDatabase, type Database } from './db/index.js';
import { localeOf, translate } from './i18n/index.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerCompression } from './plugins/compress.js';
import { registerApi } from './api/index.js';
import { startCacheBus } from './services/cacheBus.js';

/** Body limit of JSON and form calls; uploads (multipart) have their own limits. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** Largest file one multipart call may carry (attachments, imports); bytes. Areas may set lower limits. */
export const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

/** Cache-Control of hashed build assets (`assets/<name>-<hash>.<ext>`): their name changes with their content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Cache-Control of a static file of the built client at `file`: hashed assets under `<clientDir>/assets/` forever,
 * HTML and anything else (icons outside assets/) revalidated on every use (a rebuild replaces the assets HTML names).
 */
export function staticCacheControl(clientDir: string, file: string): string {
  if (file.endsWith('.html')) return 'no-cache';
  const rel = path.relative(path.join(clientDir, 'assets'), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? IMMUTABLE_CACHE : 'no-cache';
}

/**
 * The SPA's index.html with the base path injected (one build serves any BASE_PATH, see vite.config.ts), read again
 * whenever the file changes (size or mtime) so that a rebuild is served at once by the running server; null while
 * the file is missing (during a build).
 */
export function clientIndexReader(indexFile: string, base: string): () => string | null {
  let kept: { stamp: string; html: string } | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      return null;
    }
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (kept?.stamp !== stamp) {
      const html = fs
        .readFileSync(indexFile, 'utf8')
        .replace('<head>', `<head><base href="${base}"><script>window.__BASE_PATH__=${JSON.stringify(base)}</script>`);
      kept = { stamp, html };
    }
    return kept.html;
  };
}

/** Options of @fastify/helmet (DESIGN §2): helmet's default headers without CSP and COEP. */
const HELMET_OPTIONS = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false } as const;

/**
 * The response headers @fastify/helmet sets with `options` on every request, read once from a probe instance:
 * with these options they are constants (no CSP nonce), so the app sets them from one object in its own
 * onRequest hook instead of running helmet's two hooks (one of them async) per request (bench).
 */
export async function helmetHeaders(options: typeof HELMET_OPTIONS): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> = {};
  await probe.register(helmet, options);
  probe.get('/', (_req, reply) => {
    headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([k, v]) => [k, String(v)]));
    return reply.send('');
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers['x-content-type-options']) throw new Error('helmetHeaders: helmet set no headers');
  return headers;
}

/** Longest a plugin (the API groups, static files) may take to register at start, ms. */
export const PLUGIN_TIMEOUT_MS = 300_000;

/**
 * Options of the shared Redis connection: a command fails after REDIS_COMMAND_TIMEOUT_MS (also one queued
 * while Redis is away) instead of holding a request, the connection is retried forever (at most every 2 s), so
 * shared limits and pushes resume by themselves when Redis returns. Callers check `status === 'ready'` to skip
 * Redis at once during an outage (lib/rateLimitStore.ts).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 1,
  connectTimeout: 2000,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  lazyConnect: false,
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

/** Logs a Redis outage once when it starts and once when it ends (ioredis reports every failed reconnect). */
function watchRedis(redis: Redis, log: FastifyInstance['log']): void {
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'redis unreachable: retrying until it returns');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('redis reachable again');
  });
}

/** fastify's `trustProxy` from the configuration: a hop count becomes "trust the nearest n proxies". */
function trustProxyOption(v: Config['trustProxy']): boolean | string | ((addr: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino logger options; false silences logs (tests). */
  logger?: boolean | object;
}

/** Creates the app (not listening). The caller owns the database and closes it after `app.close()`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Start-up must not depend on how busy the machine is: fastify's default of 10 s per plugin failed a start
    // under load (AVV_ERR_PLUGIN_EXEC_TIMEOUT) while the API modules were loading.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Form-encoded bodies send every value as a string: coerce to the schema's types.
    ajv: { customOptions: { allowUnionTypes: true, coerceTypes: 'array' } },
    requestIdHeader: 'x-request-id',
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, REDIS_OPTIONS) : null;
  if (redis) watchRedis(redis, app.log);
  app.decorate('ctx', { db: database.db, dialect: database.dialect, config, redis });
  startCacheBus(app);
  app.addHook('onClose', async () => {
    // A Redis that is away cannot take QUIT: drop the connection instead of waiting for it.
    if (redis?.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis?.disconnect();
  });
  app.decorateRequest('user', null as never);
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('t', function (this: { locale: 'zh-CN' | 'en-US' }, key: string, params?: Record<string, string | number>) {
    return translate(this.locale, key, params);
  });
  // One synchronous hook per request: the locale, and the security headers of @fastify/helmet (computed once).
  const securityHeaders = await helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (req, reply, done) => {
    req.locale = localeOf(req.headers['x-lang']);
    reply.headers(securityHeaders);
    done();
  });

  // An empty JSON body is an empty object: calls such as /api/Template/list have no payload.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new SyntaxError('bad json') as SyntaxError & { code: string; statusCode: number };
      err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  await app.register(formbody);
  await app.register(cookie);
  // Multipart calls read their parts with `req.file()` / `req.parts()`; one file per call.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 } });
  registerErrorHandling(app);
  await registerCompression(app);

  const base = config.basePath;
  await app.register(
    async (scope) => {
      const health = async (req: FastifyRequest, reply: FastifyReply) => {
        const up = await probeDatabase(database);
        const data = {
          status: up ? 'up' : 'down',
          db: database.dialect,
          database: up ? 'up' : 'down',
          ...(redis ? { redis: redis.status === 'ready' ? 'up' : 'down' } : {}),
        };
        if (up) return { code: Code.OK, msg: 'ok', data };
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ code: Code.ERROR, msg: req.t('error.dbUnavailable'), data });
      };
      scope.post('/api/health', health);
      scope.get('/api/health', health);
      await registerApi(scope);
    },
    { prefix: base === '/' ? '' : base.replace(/\/$/, '') },
  );

  const indexFile = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(config.clientDir);
  const clientIndex = hasClient ? clientIndexReader(indexFile, base) : () => null;
  if (hasClient) {
    // Any file present now or after a rebuild (wildcard): hashed assets are cached for good, index.html is always
    // revalidated and served by the fallback below (with the base path injected). `preCompressed`: the build's
    // .br / .gz twin of a file when the browser accepts it (Vary: accept-encoding). Directories (the base path
    // itself) and the build manifest are not files to serve: the fallback answers them.
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: base,
      index: false,
      wildcard: true,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/') && !pathName.startsWith('/.vite/'),
      setHeaders: (reply, file) => reply.header('cache-control', staticCacheControl(config.clientDir, file)),
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith(`${base}api/`) || url === `${base}api` || req.method !== 'GET' || !hasClient || !url.startsWith(base)) {
      return reply.status(404).send({ code: Code.ERROR, msg: req.t('error.notFound', { path: url }), data: null });
    }
    const indexHtml = clientIndex();
    if ((/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) || indexHtml === null) {
      return reply.status(404).send({ code: Code.ERROR, msg: req.t('error.notFound', { path: url }), data: null });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });

  return app;
}
