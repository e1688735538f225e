/**
 * `npm run areas:report`: per area (a folder of `schemas/`), the lines of its definitions (every JSON file of the
 * folder, locales included) and the lines of TypeScript that belong to it alone, with the rule used (RULE below,
 * printed under the table). Counts lines as `wc -l` does. Tests (`tests/`) are not counted.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders searched for TypeScript. */
export const CODE_ROOTS = ['src', 'engine', 'widgets', 'designer'];

/**
 * File name prefixes and folder names that name an area beyond its id and API groups: 公文 calls its files Doc* /
 * doc* (DocBody, docMarks), and its PDF/DOCX (services/pdf) and full-text search (services/search) services serve it alone.
 */
export const ALIASES: Record<string, { prefixes?: string[]; folders?: string[] }> = {
  document: { prefixes: ['doc'], folders: ['pdf', 'search'] },
};

/**
 * The engine's and the designer's own TypeScript (DESIGN §1, §3: a generic engine renders every area's pages from
 * definitions served through the Template / Form / Flowset endpoints; the designers edit every area's flows and
 * forms): it belongs to no area even where a path names one (designer/flow, src/server/api/Form…). Paths ending in
 * `/` are folders.
 */
export const GENERIC: Array<{ path: string; why: string }> = [
  { path: 'engine/', why: 'the metadata engine: schema, expressions, flow state machine, forms, renderers, generic flow pages' },
  { path: 'designer/', why: 'the flow and form designers (top-level designer/ is fixed by DESIGN §3)' },
  { path: 'src/server/engine/', why: 'generic entity service, flow runtime, schema store' },
  { path: 'src/server/api/flow/', why: 'the approval runtime (start, act, 待办/已办, 委托) of every flow-backed area' },
  { path: 'src/server/api/Template/', why: 'page and definition endpoint of every area' },
  { path: 'src/server/api/Form/', why: 'form template endpoint of every area and of the form designer' },
  { path: 'src/server/api/Flowset/', why: 'flow definition endpoint of every area and of the flow designer' },
  { path: 'src/shared/flow.ts', why: 'shapes of the approval runtime answers' },
];

/**
 * Platform files whose path names an area only by coincidence or that serve the platform and the area alike
 * (kept in core by the rule "what generic code needs stays core"); they are shell, not the area's.
 */
export const PLATFORM: Array<{ path: string; why: string }> = [
  { path: 'src/server/lib/clock.ts', why: 'the time source of DESIGN §6, not 打卡规则 (clock)' },
  { path: 'src/shared/codes.ts', why: 'the response codes of SPEC §8, not 枚举管理 (codes)' },
  { path: 'src/server/api/File/', why: 'attachments of every area (upload, download), not 档案库 (file)' },
  { path: 'src/server/api/Index/', why: 'logout and department switch (SPEC §7 Index), not 首页设置 (index)' },
  { path: 'src/server/api/holiday/', why: "the organisation's working-day calendar read by the engine's deadlines, and holiday/status read by the console" },
  { path: 'src/server/services/sms.ts', why: 'SMS codes of sign-in and the flow reminders, not 短信平台 (sms)' },
  { path: 'src/server/services/account.ts', why: 'self-service registration and password reset of the sign-in pages' },
];

const listed = (list: Array<{ path: string }>, file: string) => list.some((g) => (g.path.endsWith('/') ? file.startsWith(g.path) : file === g.path));

/** The rule, as printed. */
export const RULE = [
  'A TypeScript file (.ts/.tsx under src/, engine/, widgets/, designer/) belongs to area A when:',
  '  1. it is under src/areas/A/ (then to A alone: src/areas/document/server/debug, the 公文 test-document generator',
  '     behind /debug/index, is 公文 code); or, outside src/areas/ and outside the lists below,',
  "  2. a folder of its path, or its file name without extension, equals A or an API group of A's entities",
  '     (case-insensitive; folders inside an `engine` folder are generic layers and do not count: src/server/engine/flow); or',
  '  3. its file name starts with an alias prefix of A (followed by an upper-case letter, a dot or nothing), or a folder of its',
  `     path is an alias folder of A. Aliases: ${Object.entries(ALIASES)
    .map(([a, x]) => `${a}: ${[...(x.prefixes ?? []).map((p) => `${p}*`), ...(x.folders ?? []).map((f) => `${f}/`)].join(', ')}`)
    .join('; ')}.`,
  'A file matching several areas counts for each. Definition lines: every .json file under schemas/A/.',
  "Engine and designer (generic): no area's code, although some paths name flow, form or flowset (those areas are the",
  "engine's own designers and definition endpoints, DESIGN §1, §3, serving every area), schedule (engine/calendar/schedule.ts,",
  "the working-day calendar) or words (engine/renderers/approval/words.ts, the opinion box's 常用语 calls):",
  ...GENERIC.map((g) => `  ${g.path.padEnd(26)} ${g.why}`),
  'Shell and platform core: every other file, among them these whose path names an area:',
  ...PLATFORM.map((g) => `  ${g.path.padEnd(32)} ${g.why}`),
];

const lines = (text: string) => (text.match(/\n/g) ?? []).length;

function walk(dir: string, out: string[], keep: (name: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names.sort()) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      if (n !== 'node_modules' && n !== 'dist') walk(p, out, keep);
    } else if (keep(n)) out.push(p);
  }
}

/** One row of the report. */
export interface AreaRow {
  area: string;
  groups: string[];
  jsonFiles: number;
  jsonLines: number;
  tsFiles: string[];
  tsLines: number;
  /** Lines of the area's TypeScript outside src/areas/<area>/. */
  tsOutside: number;
}

/** Whether the path of `file` names `area` or one of its API groups `groups` (rules 2 and 3 of RULE, nothing excluded). */
export function namesArea(file: string, area: string, groups: string[]): boolean {
  const names = new Set([area, ...groups].map((n) => n.toLowerCase()));
  const segs = file.split('/');
  const base = segs[segs.length - 1].replace(/\.d\.ts$|\.tsx?$/, '');
  const folders = segs.slice(0, -1);
  const engineAt = folders.indexOf('engine');
  const counted = engineAt < 0 ? folders : folders.slice(0, engineAt);
  // `index` is every module's entry file name, not the 首页 area's
  if (counted.some((f) => names.has(f.toLowerCase())) || (base !== 'index' && names.has(base.toLowerCase()))) return true;
  const alias = ALIASES[area];
  if (alias?.folders?.some((f) => folders.includes(f))) return true;
  return !!alias?.prefixes?.some((p) => base.toLowerCase().startsWith(p) && (base.length === p.length || /[A-Z.]/.test(base[p.length])));
}

/** Whether `file` (repository-relative, `/`-separated) belongs to `area` with API groups `groups` (see RULE). */
export function belongsTo(file: string, area: string, groups: string[]): boolean {
  if (file.startsWith('src/areas/')) return file.startsWith(`src/areas/${area}/`);
  if (listed(GENERIC, file) || listed(PLATFORM, file)) return false;
  return namesArea(file, area, groups);
}

/** Who owns a TypeScript file: an area (rule 1 to 3), the engine and designer (GENERIC), or the shell and platform core. */
export type Owner = 'areas' | 'generic' | 'shell';

/** The TypeScript of one owner: each file once; `named` = lines by area of the files whose path names that area (not counted for it). */
export interface OwnerTotal {
  owner: Owner;
  files: number;
  lines: number;
  named: Record<string, number>;
}

function scan(root: string) {
  const schemas = join(root, 'schemas');
  const ids = readdirSync(schemas).filter((n) => !n.startsWith('_') && n !== 'common' && statSync(join(schemas, n)).isDirectory());
  const ts: string[] = [];
  for (const r of CODE_ROOTS) walk(join(root, r), ts, (n) => /\.tsx?$/.test(n));
  const code = ts.map((abs) => ({ file: relative(root, abs).split('\\').join('/'), lines: lines(readFileSync(abs, 'utf8')) }));
  const areas = ids.sort().map((area) => {
    const json: string[] = [];
    walk(join(schemas, area), json, (n) => n.endsWith('.json'));
    const groups = json
      .map((p) => JSON.parse(readFileSync(p, 'utf8')) as { kind?: string; group?: string })
      .filter((d) => d.kind === 'entity' && typeof d.group === 'string')
      .map((d) => d.group!);
    return { area, groups, json };
  });
  return { code, areas };
}

/** Every TypeScript file of the repository at `root` counted once, by owner (see RULE), with the totals. */
export function ownersReport(root: string): OwnerTotal[] {
  const { code, areas } = scan(root);
  const out: Record<Owner, OwnerTotal> = {
    areas: { owner: 'areas', files: 0, lines: 0, named: {} },
    generic: { owner: 'generic', files: 0, lines: 0, named: {} },
    shell: { owner: 'shell', files: 0, lines: 0, named: {} },
  };
  for (const c of code) {
    const owner: Owner = areas.some((a) => belongsTo(c.file, a.area, a.groups)) ? 'areas' : listed(GENERIC, c.file) ? 'generic' : 'shell';
    const t = out[owner];
    t.files++;
    t.lines += c.lines;
    if (owner === 'areas' || c.file.startsWith('src/areas/')) continue;
    for (const a of areas) if (namesArea(c.file, a.area, a.groups)) t.named[a.area] = (t.named[a.area] ?? 0) + c.lines;
  }
  return [out.areas, out.generic, out.shell];
}

/** The report rows of the repository at `root`, by area id. */
export function areasReport(root: string): AreaRow[] {
  const { code, areas } = scan(root);
  return areas.map(({ area, groups, json }) => {
    const mine = code.filter((c) => belongsTo(c.file, area, groups));
    return {
      area,
      groups,
      jsonFiles: json.length,
      jsonLines: json.reduce((n, p) => n + lines(readFileSync(p, 'utf8')), 0),
      tsFiles: mine.map((c) => c.file),
      tsLines: mine.reduce((n, c) => n + c.lines, 0),
      tsOutside: mine.filter((c) => !c.file.startsWith(`src/areas/${area}/`)).reduce((n, c) => n + c.lines, 0),
    };
  });
}

const OWNER_TITLE: Record<Owner, string> = {
  areas: "areas' code (the table's TS lines, each file once)",
  generic: 'engine and designer (generic)',
  shell: 'shell and platform core',
};

/** The report as text: a table, the totals by owner when given, then the rule. With `verbose`, each area's files too. */
export function formatReport(rows: AreaRow[], verbose = false, owners: OwnerTotal[] = []): string {
  const head = ['area', 'JSON files', 'JSON lines', 'TS files', 'TS lines', 'TS outside src/areas/<area>'];
  const body = rows.map((r) => [r.area, r.jsonFiles, r.jsonLines, r.tsFiles.length, r.tsLines, r.tsOutside].map(String));
  const total = ['total', ...[1, 2, 3, 4, 5].map((i) => String(body.reduce((n, b) => n + Number(b[i]), 0)))];
  const table = [head, ...body, total];
  const width = head.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  const out = [fmt(head), width.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt), fmt(total), ''];
  if (owners.length) {
    out.push('TypeScript by owner:');
    const w = Math.max(...Object.values(OWNER_TITLE).map((t) => t.length));
    for (const o of owners) {
      const named = Object.entries(o.named)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([a, n]) => `${a} ${n}`);
      out.push(
        `  ${OWNER_TITLE[o.owner].padEnd(w)} ${String(o.files).padStart(5)} files ${String(o.lines).padStart(7)} lines${named.length ? `  (of which in paths naming an area: ${named.join(', ')})` : ''}`,
      );
    }
    const all = owners.reduce((a, o) => ({ files: a.files + o.files, lines: a.lines + o.lines }), { files: 0, lines: 0 });
    out.push(`  ${'all TypeScript'.padEnd(w)} ${String(all.files).padStart(5)} files ${String(all.lines).padStart(7)} lines`, '');
  }
  out.push(...RULE);
  if (verbose) for (const r of rows) if (r.tsFiles.length) out.push('', `${r.area}:`, ...r.tsFiles.map((f) => `  ${f}`));
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  console.log(formatReport(areasReport(root), process.argv.includes('--files'), ownersReport(root)));
}
