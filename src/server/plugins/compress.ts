/**
 * Compression of the server's own text answers (API JSON, the index.html fallback) by @fastify/compress: a body of
 * COMPRESS_MIN_BYTES or more goes out as Brotli (quality 4: fast, about gzip -9's size) when the request accepts
 * `br`, else gzip, with `Vary: accept-encoding`. Static files are served pre-compressed by the build
 * (@fastify/static `preCompressed`) and binary downloads (PDF, DOCX, XLSX, ZIP) are not of COMPRESSIBLE_TYPES, so
 * both go out as they are.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this (bytes) are not worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;

/** Content types worth compressing: JSON, scripts, text and SVG. */
export const COMPRESSIBLE_TYPES = /^(application\/(json|javascript)|text\/|image\/svg\+xml)/;

/** Registers the compression of text answers on `app` (call before the routes; see the module comment). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}
