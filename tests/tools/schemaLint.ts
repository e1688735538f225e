/**
 * The definition lint as `npm test` (tests/unit/schemas.lint.test.ts) and `npm run lint:schemas` (./lintSchemas.ts) run
 * it: every definition and locale file of the folders (and the demo content files, engine/schema/lintDemo.ts), linted together against the shell's routes, the roles of the
 * demo organisation, the 三员 rule and the front end's registered widgets, page kinds, custom pages and row dialogs (`FrontKeys`,
 * passed in because only a Vite-aware loader can import the front end: ./frontKeys.ts).
 */
import { resolve } from 'node:path';
import { buildRegistry } from '../../engine/schema/loader';
import { lintRegistry, type LintOptions } from '../../engine/schema/lint';
import type { SchemaIssue } from '../../engine/schema/loader';
import { lintDemoFiles } from '../../engine/schema/lintDemo';
import { SHELL_SECTIONS, TOP_ROUTES, flattenRoutes } from '../../src/shared/routes';
import { ROLES } from '../../src/server/db/seed/roles';
import { sanyuanMayHold } from '../../src/server/db/seed/menus';
import { SANYUAN_ROLES } from '../../src/server/lib/business';
import { readSchemaDir, ROOT } from '../unit/schema/helpers';

/** Keys the front end registers (widgets/, engine/renderers/registry). */
export interface FrontKeys {
  widgets: string[];
  pageKinds: string[];
  components: string[];
  /** Row dialogs of declared work lists. */
  rowDialogs: string[];
}

/** What a lint run found: the definition files read, files that are not JSON, and the issues. */
export interface SchemaLintResult {
  files: number;
  parseErrors: { file: string; message: string }[];
  issues: SchemaIssue[];
}

/** The options of the schema lint in this repository (routes, roles, 三员 rule) plus the front end's keys. */
export function lintOptions(keys: FrontKeys): LintOptions {
  const routes = flattenRoutes([...SHELL_SECTIONS, ...TOP_ROUTES]).map((r) => r.path);
  return {
    routes,
    pageKinds: keys.pageKinds,
    components: keys.components,
    rowDialogs: keys.rowDialogs,
    widgets: keys.widgets,
    roles: ROLES.map((r) => r.code),
    sanyuan: { roles: SANYUAN_ROLES, mayHold: sanyuanMayHold },
  };
}

/** Lints the definition folders `dirs` (repository-relative or absolute; default `schemas/`) together. */
export function lintSchemaDirs(keys: FrontKeys, dirs: string[] = ['schemas']): SchemaLintResult {
  const read = dirs.map((d) => readSchemaDir(resolve(ROOT, d)));
  const files = read.flatMap((r) => r.files);
  const locales = read.flatMap((r) => r.locales);
  const parseErrors = read.flatMap((r) => r.parseErrors);
  const registry = buildRegistry(files);
  const issues = [
    ...lintRegistry(registry, locales, lintOptions(keys)),
    ...lintDemoFiles(
      registry,
      read.flatMap((r) => r.demos),
    ),
  ];
  return { files: files.length, parseErrors, issues: [...parseErrors.map((p) => ({ file: p.file, path: '', message: `not JSON: ${p.message}` })), ...issues] };
}
