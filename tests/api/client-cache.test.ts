/**
 * Serving the built client: index.html (the SPA fallback of every app path) is revalidated on every load and read
 * again after a rebuild — the running server never serves an index.html naming deleted assets; hashed assets under
 * assets/ are cached for good, and an asset a rebuild added is served without a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

describe('built client', () => {
  let t: TestApp;
  let dir: string;
  const build = (hash: string) => {
    fs.rmSync(path.join(dir, 'assets'), { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'assets', `index-${hash}.js`), `console.log(${JSON.stringify(hash)})`);
    fs.writeFileSync(path.join(dir, 'index.html'), `<html><head><script src="./assets/index-${hash}.js"></script></head><body></body></html>`);
  };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-client-'));
    build('aaa111');
    t = await createTestApp({ seed: false, env: { CLIENT_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves index.html on app paths with no-cache and the base injected, hashed assets immutable', async () => {
    const page = await get('/affair/show-audit/7');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<base href="/">');
    expect(page.body).toContain('index-aaa111.js');
    const asset = await get('/assets/index-aaa111.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const direct = await get('/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(direct.body).toContain('<base href="/">');
  });

  it('after a rebuild serves the new index.html and its new assets without a restart', async () => {
    build('bbb222');
    // a different mtime even on coarse file systems
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    const page = await get('/dashboard/console');
    expect(page.body).toContain('index-bbb222.js');
    expect(page.body).not.toContain('aaa111');
    expect((await get('/assets/index-bbb222.js')).statusCode).toBe(200);
    expect((await get('/assets/index-aaa111.js')).statusCode).toBe(404);
  });
});
