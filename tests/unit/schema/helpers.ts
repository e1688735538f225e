/** Test helpers: read definition and locale files from a folder like `schemas/` (fs only in tests). */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { DefinitionFile } from '../../../engine/schema/loader';
import type { LocaleFile } from '../../../engine/schema/lint';

/** Repository root. */
export const ROOT = join(import.meta.dirname, '../../..');

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
}

/**
 * Every `*.json` under `dir` (repository-relative path), split into definition files, locale files
 * (`…/locales/<locale>.json`) and demo content files (`…/demo/*.json`); `_meta/` is skipped. A file that is not JSON becomes `data: undefined`
 * plus a `parseErrors` entry.
 */
export function readSchemaDir(dir: string): {
  files: DefinitionFile[];
  locales: LocaleFile[];
  demos: DefinitionFile[];
  parseErrors: { file: string; message: string }[];
} {
  const files: DefinitionFile[] = [];
  const demos: DefinitionFile[] = [];
  const locales: LocaleFile[] = [];
  const parseErrors: { file: string; message: string }[] = [];
  for (const abs of walk(dir)) {
    const path = relative(ROOT, abs).replace(/\\/g, '/');
    if (!path.endsWith('.json') || path.includes('/_meta/')) continue;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(abs, 'utf8'));
    } catch (e) {
      parseErrors.push({ file: path, message: (e as Error).message });
      continue;
    }
    const loc = /\/locales\/([A-Za-z-]+)\.json$/.exec(path);
    if (loc) locales.push({ path, locale: loc[1], messages: data });
    // demo content is `<area>/demo/*.json` beside the area's area.json (an area may itself be called demo)
    else if (/\/demo\/[^/]+\.json$/.test(path) && existsSync(join(dirname(dirname(abs)), 'area.json'))) demos.push({ path, data });
    else files.push({ path, data });
  }
  return { files, locales, demos, parseErrors };
}
