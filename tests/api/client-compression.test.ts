/**
 * The built client over the wire: a script is sent as the build's brotli (or gzip) twin when the browser accepts it,
 * with its own content type, `Vary: accept-encoding` and the long cache of hashed assets; a client that accepts
 * neither gets the plain file; the app's root path and any app path answer index.html, never cached; the build
 * manifest is not served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

const SCRIPT = `export const greeting = ${JSON.stringify('协同办公'.repeat(200))};\n`;

describe('compressed client assets', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-client-br-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, '.vite'));
    const file = path.join(dir, 'assets', 'index-ccc333.js');
    fs.writeFileSync(file, SCRIPT);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><script type="module" src="./assets/index-ccc333.js"></script></head><body></body></html>');
    t = await createTestApp({ seed: false, env: { CLIENT_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli twin to a browser that accepts br, with the script type and the immutable cache', async () => {
    const r = await get('/assets/index-ccc333.js', 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-ccc333.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-ccc333.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html, never cached, on the root path and app paths; does not serve the build manifest', async () => {
    for (const url of ['/', '/login', '/dashboard/console']) {
      const r = await get(url, 'br');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.body, url).toContain('index-ccc333.js');
    }
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });
});
