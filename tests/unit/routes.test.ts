import { describe, expect, it } from 'vitest';
import { SECTIONS, TOP_ROUTES, flattenRoutes, menuPathOf } from '../../src/shared/routes.js';
import zh from '../../src/app/locales/zh-CN/route.json';
import en from '../../src/app/locales/en-US/route.json';

describe('route table (SPEC §2.2, §2.3)', () => {
  const all = flattenRoutes([...SECTIONS, ...TOP_ROUTES]);

  it('gives every route a title in zh-CN and en-US', () => {
    const missing = all.filter((r) => !(r.key in zh) || !(r.key in en)).map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('has unique paths and keys', () => {
    const paths = all.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const menuPaths = all.map((r) => menuPathOf(r.path));
    expect(new Set(menuPaths).size).toBe(menuPaths.length);
  });

  it('holds the children SPEC §2.3 lists for documents', () => {
    const doc = SECTIONS.find((s) => s.key === 'document')!;
    const kids = doc.children!.map((c) => menuPathOf(c.path).split('/')[2]);
    for (const k of ['new', 'dbgw', 'ybgw', 'yfgw', 'dfgw', 'scgw', 'gwdb', 'gwqs', 'gwsz', 'ntko', 'flow-log', 'search', 'show', 'show-audit', 'gwqsshow', 'savepdf', 'plsp', 'plcl', 'authquery']) {
      expect(kids).toContain(k);
    }
  });

  it('strips parameters from menu paths', () => {
    expect(menuPathOf('/document/show-audit/:id')).toBe('/document/show-audit');
    expect(menuPathOf('/mail/inbox/:id?')).toBe('/mail/inbox');
    expect(menuPathOf('/redirect/*')).toBe('/redirect');
  });
});

describe('routeWithId', () => {
  it('fills a required or optional :id and leaves no stray "?" in the address', async () => {
    const { routeWithId } = await import('../../src/shared/routes');
    expect(routeWithId('/document/show-audit/:id', 7)).toBe('/document/show-audit/7');
    expect(routeWithId('/document/show/:id?', 7)).toBe('/document/show/7');
    expect(routeWithId('/document/savepdf?id=:id', 3)).toBe('/document/savepdf?id=3');
    expect(routeWithId('/document/dbgw', 3)).toBe('/document/dbgw');
  });
});
