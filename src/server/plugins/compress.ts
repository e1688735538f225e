/**
 * Compression of the server's own text answers (API JSON, the index.html fallback): a body of COMPRESS_MIN_BYTES
 * or more goes out as Brotli (quality 4: fast, about gzip -9's size) when the request accepts `br`, else gzip, with
 * `Vary: accept-encoding`. Streams (static files, which the build pre-compresses, downloads) and binary types are
 * sent as they are; so is any answer already encoded.
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this (bytes) are not worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;

const TEXT_TYPE = /^(application\/(json|javascript)|text\/|image\/svg\+xml)/;

/** The encoding to use for an `accept-encoding` header: 'br', 'gzip' or null (neither accepted). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((p) => p.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name.trim());
  return offered.includes('br') ? 'br' : offered.includes('gzip') ? 'gzip' : null;
}

/** Adds the onSend hook that compresses text answers (see the module comment). */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES || reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload);
    if (reply.getHeader('content-encoding') || !TEXT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const finish = (err: Error | null, out: Buffer) => {
      if (err) return done(null, payload);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, out);
    };
    if (encoding === 'br')
      zlib.brotliCompress(
        payload,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        },
        finish,
      );
    else zlib.gzip(payload, { level: 6 }, finish);
  });
}
