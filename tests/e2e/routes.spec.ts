/**
 * Every route of SPEC §2.3 renders for an account whose menu holds it (issue 2): no 404, no 403, no
 * crash, and the page title names the route. The menus of demo, admin, secadmin and auditor together
 * must hold every route.
 */
import { expect, test, type Page } from '@playwright/test';
import { SECTIONS, flattenRoutes, menuPathOf, type RouteNode } from '../../src/shared/routes.js';
import zh from '../../src/app/locales/zh-CN/route.json' with { type: 'json' };
import { LoginPage, Shell } from './pages.js';

const ACCOUNTS = ['demo', 'admin', 'secadmin', 'auditor'] as const;
const titles = zh as Record<string, string>;

/** A URL for a route pattern: required parameters get a sample value, optional ones are left out. */
function sampleUrl(node: RouteNode): string {
  return node.path
    .replace(/\/:type\?/, '/day')
    .replace(/\/:[^/]+\?/g, '')
    .replace(/\/:[^/]+/g, '/1');
}

interface MenuNode {
  path: string;
  children: MenuNode[];
}

async function menuPaths(page: Page): Promise<Set<string>> {
  const r = await page.request.post('api/Person/userInfo', { data: {} });
  const body = await r.json();
  expect(body.code).toBe(0);
  const out = new Set<string>();
  const walk = (list: MenuNode[]) => list.forEach((m) => (out.add(m.path), walk(m.children ?? [])));
  walk(body.data.menu);
  walk(body.data.menu_my);
  return out;
}

test('every route of SPEC §2.3 renders for an account whose menu holds it', async ({ browser }) => {
  test.setTimeout(15 * 60_000);
  const children = flattenRoutes(SECTIONS).filter((n) => !n.children);
  const pending = new Map(children.map((n) => [n.path, n]));
  for (const account of ACCOUNTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await new LoginPage(page).goto();
    await new LoginPage(page).login(account);
    const held = await menuPaths(page);
    const shell = new Shell(page);
    for (const node of [...pending.values()]) {
      if (!held.has(menuPathOf(node.path))) continue;
      pending.delete(node.path);
      const url = sampleUrl(node);
      await shell.open(url);
      await expect(page, `${account} ${url}`).toHaveTitle(new RegExp(escape(titles[node.key])));
      for (const code of ['403', '404', '500']) {
        await expect(page.getByTestId(`exception-${code}`), `${account} ${url}`).toHaveCount(0);
      }
      if (!node.standalone || node.newTab) {
        await expect(page.getByTestId('shell').or(page.locator('main, .oa-standalone')).first(), `${account} ${url}`).toBeVisible();
      }
    }
    await context.close();
  }
  expect([...pending.keys()], 'routes no demo account can open').toEqual([]);
});

test('bare section paths redirect as SPEC §2.3 says', async ({ page }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).login('demo');
  const shell = new Shell(page);
  for (const s of SECTIONS.filter((x) => x.redirect)) {
    await shell.open(s.path);
    await expect(page, s.path).toHaveURL(new RegExp(`${escape(s.redirect!)}$`));
  }
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
