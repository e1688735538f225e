/**
 * Every route of SPEC §2.3 renders for an account whose menu holds it: no 404, no 403, no
 * crash, and the page title names the route. The menus of demo, admin, secadmin and auditor together
 * must hold every route. An approval page given the id of another kind's flow (instance 1 is the affair of
 * affair.spec.ts, opened on /document/show-audit/1) moves to that kind's page, as a reminder's link does: then
 * the title names the route it landed on.
 */
import { expect, test, type Page } from '@playwright/test';
import { flattenRoutes, menuPathOf, type RouteNode } from '../../src/shared/routes.js';
import zh from '../../src/app/locales/zh-CN/route.json' with { type: 'json' };
import { shippedSections } from '../unit/shippedRoutes.js';
import { LoginPage, Shell } from './pages.js';

const ACCOUNTS = ['demo', 'admin', 'secadmin', 'auditor'] as const;
/** Every section: the shell's and those of the area definitions under schemas/ (what the server sends after sign-in). */
const SECTIONS = shippedSections('zh-CN');
/** zh-CN titles: the shell's from route.json, the areas' from their locale files. */
const titles: Record<string, string> = {
  ...(zh as Record<string, string>),
  ...Object.fromEntries(flattenRoutes(SECTIONS).flatMap((n) => (n.title ? [[n.key, n.title]] : []))),
};

/** A URL for a route pattern: required parameters get a sample value, optional ones are left out. */
/** The route whose pattern matches `pathname`, if any (`:x` one segment, `:x?` an optional one). */
function routeAt(nodes: RouteNode[], pathname: string): RouteNode | undefined {
  const clean = pathname.replace(/\/+$/, '');
  return nodes.find((n) => new RegExp(`^${n.path.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/\/:[^/]+/g, '/[^/]+')}$`).test(clean));
}

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
      const landedTitle = async () => {
        const at = decodeURI(new URL(page.url()).pathname);
        const moved = at === url ? undefined : routeAt(children, at);
        // only an approval page may move, and only to another approval page (…/show…/:id)
        const landed = moved && node.path.includes('/show') && moved.path.includes('/show') ? moved : node;
        return (await page.title()).includes(titles[landed.key]) ? 'named' : `${await page.title()} at ${at}`;
      };
      await expect.poll(landedTitle, { message: `${account} ${url}`, timeout: 10_000 }).toBe('named');
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
