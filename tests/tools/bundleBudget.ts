/**
 * Bundle-size check (run by `npm run test:e2e` after `vite build`): for the login page and the console after sign-in,
 * the brotli-compressed bytes a browser downloads before the page can render — the entry chunk, the chunks each
 * route's lazy modules load, and everything they import statically, with their CSS — read from the build manifest
 * (`<outDir>/.vite/manifest.json`, vite.config.ts build.manifest) and the `.br` files the build writes beside each
 * asset. Exits 1 when a route is over its budget.
 *
 * Usage: tsx tests/tools/bundleBudget.ts [outDir]   (default dist/client, or CLIENT_DIR)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** One chunk of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Vite's build manifest: chunks by source key (a path relative to the build root, or a generated name). */
export type Manifest = Record<string, ManifestChunk>;

/**
 * Budgets of the first load, brotli bytes, with the manifest keys (paths relative to src/app) of the modules the
 * route loads on its own beyond the entry: the login page and the console after sign-in (the entry, the shell behind
 * sign-in, the areas' registrations and the console page with its panels), each with the locale resources (zh-CN,
the default) it waits for (src/app/i18n/index.ts). `maxBytes` is enforced: what the build
 * weighs today plus a small margin, so that no change makes a first load heavier unnoticed; lower it as pages get
 * lighter. `targetBytes` is the goal (login ≤ 150 KB, console ≤ 250 KB compressed), printed beside it; once a
 * route meets its target, `maxBytes` becomes the target.
 */
export const BUDGETS: readonly { route: string; modules: string[]; maxBytes: number; targetBytes: number }[] = [
  { route: '/login', modules: ['pages/login/LoginPage.tsx', 'chunk:locale-zh-CN'], maxBytes: 337 * 1024, targetBytes: 150 * 1024 },
  {
    route: '/dashboard/console',
    modules: ['router/AppRoutes.tsx', '../areas/clientModules.ts', 'pages/dashboard/ConsolePage.tsx', 'chunk:locale-zh-CN', 'chunk:locale-zh-CN-app'],
    maxBytes: 434 * 1024,
    targetBytes: 250 * 1024,
  },
];

/**
 * The files (JS and CSS, output paths relative to outDir) a browser loads for the entry plus `modules`: each one's
 * chunk and its static imports, transitively. A module is a manifest key or `chunk:<name>`, a chunk named in
 * vite.config.ts (e.g. `chunk:locale-zh-CN`, the locale resources a route waits for). Throws when a key is not in
 * the manifest (a module renamed or moved).
 */
export function routeFiles(manifest: Manifest, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('bundleBudget: the manifest has no entry chunk');
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key] ?? Object.values(manifest).find((c) => !c.isEntry && key === `chunk:${c.name}`);
    if (!chunk) throw new Error(`bundleBudget: ${key} is not in the build manifest`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of [entry, ...modules]) visit(key);
  return [...files].sort();
}

/** Sum of `sizeOf(file)` over `files` (bytes). */
export function totalBytes(files: string[], sizeOf: (file: string) => number): number {
  return files.reduce((sum, f) => sum + sizeOf(f), 0);
}

/** The brotli size of `outDir/file`: its `.br` twin when the build wrote one, else compressed here. */
export function brotliSize(outDir: string, file: string): number {
  const full = path.join(outDir, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(full)).length;
}

/** Checks every budget of `outDir`; answers the lines of the report and whether all are kept. */
export function checkBudgets(outDir: string): { ok: boolean; lines: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const lines: string[] = [];
  let ok = true;
  for (const b of BUDGETS) {
    const files = routeFiles(manifest, b.modules);
    const bytes = totalBytes(files, (f) => brotliSize(outDir, f));
    const kept = bytes <= b.maxBytes;
    ok &&= kept;
    lines.push(
      `${b.route}: ${(bytes / 1024).toFixed(1)} KB brotli in ${files.length} files (budget ${(b.maxBytes / 1024).toFixed(0)} KB) ${kept ? 'OK' : 'OVER BUDGET'}; ` +
        `target ${(b.targetBytes / 1024).toFixed(0)} KB ${bytes <= b.targetBytes ? 'met' : 'not met yet'}`,
    );
  }
  return { ok, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
  const { ok, lines } = checkBudgets(outDir);
  for (const l of lines) console.log(l);
  if (!ok) {
    console.error('bundle budget exceeded: split the route (React.lazy / import()) or drop what it does not need');
    process.exit(1);
  }
}
