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

/** The rule, as printed. */
export const RULE = [
  'A TypeScript file (.ts/.tsx under src/, engine/, widgets/, designer/) belongs to area A when:',
  '  1. it is under src/areas/A/; or',
  '  2. a folder of its path, or its file name without extension, equals A or an API group of A\'s entities',
  '     (case-insensitive; folders inside an `engine` folder are generic layers and do not count: engine/flow, src/server/engine/flow); or',
  '  3. its file name starts with an alias prefix of A (followed by an upper-case letter, a dot or nothing), or a folder of its',
  `     path is an alias folder of A. Aliases: ${Object.entries(ALIASES)
    .map(([a, x]) => `${a}: ${[...(x.prefixes ?? []).map((p) => `${p}*`), ...(x.folders ?? []).map((f) => `${f}/`)].join(', ')}`)
    .join('; ')}.`,
  'A file matching several areas counts for each. Definition lines: every .json file under schemas/A/.',
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

/** Whether `file` (repository-relative, `/`-separated) belongs to `area` with API groups `groups` (see RULE). */
export function belongsTo(file: string, area: string, groups: string[]): boolean {
  if (file.startsWith(`src/areas/${area}/`)) return true;
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

/** The report rows of the repository at `root`, by area id. */
export function areasReport(root: string): AreaRow[] {
  const schemas = join(root, 'schemas');
  const areas = readdirSync(schemas).filter((n) => !n.startsWith('_') && n !== 'common' && statSync(join(schemas, n)).isDirectory());
  const ts: string[] = [];
  for (const r of CODE_ROOTS) walk(join(root, r), ts, (n) => /\.tsx?$/.test(n));
  const code = ts.map((abs) => ({ file: relative(root, abs).split('\\').join('/'), lines: lines(readFileSync(abs, 'utf8')) }));
  return areas.sort().map((area) => {
    const json: string[] = [];
    walk(join(schemas, area), json, (n) => n.endsWith('.json'));
    const groups = json
      .map((p) => JSON.parse(readFileSync(p, 'utf8')) as { kind?: string; group?: string })
      .filter((d) => d.kind === 'entity' && typeof d.group === 'string')
      .map((d) => d.group!);
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

/** The report as text: a table, then the rule. With `verbose`, each area's files too. */
export function formatReport(rows: AreaRow[], verbose = false): string {
  const head = ['area', 'JSON files', 'JSON lines', 'TS files', 'TS lines', 'TS outside src/areas/<area>'];
  const body = rows.map((r) => [r.area, r.jsonFiles, r.jsonLines, r.tsFiles.length, r.tsLines, r.tsOutside].map(String));
  const total = ['total', ...[1, 2, 3, 4, 5].map((i) => String(body.reduce((n, b) => n + Number(b[i]), 0)))];
  const table = [head, ...body, total];
  const width = head.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  const out = [fmt(head), width.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt), fmt(total), '', ...RULE];
  if (verbose) for (const r of rows) if (r.tsFiles.length) out.push('', `${r.area}:`, ...r.tsFiles.map((f) => `  ${f}`));
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatReport(areasReport(fileURLToPath(new URL('../..', import.meta.url))), process.argv.includes('--files')));
}
