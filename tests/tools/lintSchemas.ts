/**
 * `npm run lint:schemas`: the definition lint alone (the one `npm test` runs, ./schemaLint.ts) over `schemas/` plus the
 * folders of OA_SCHEMA_DIRS (comma separated) when set. Prints one `file  path  message` line per problem and a
 * summary; exits 1 when there is any problem, 0 when clean.
 */
import { formatIssues } from '../../engine/schema/lint';
import { lintSchemaDirs } from './schemaLint';
import { loadFrontKeys } from './loadFrontKeys';

/** `schemas/` plus OA_SCHEMA_DIRS. */
function lintDirs(env: Record<string, string | undefined> = process.env): string[] {
  return [
    'schemas',
    ...(env.OA_SCHEMA_DIRS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

async function main(): Promise<void> {
  const dirs = lintDirs();
  const { files, issues } = lintSchemaDirs(await loadFrontKeys(), dirs);
  if (issues.length) {
    console.log(formatIssues(issues));
    console.log(
      `\n${issues.length} problem(s) in ${new Set(issues.map((i) => i.file)).size} file(s); ${files} definition file(s) of ${dirs.join(', ')} linted`,
    );
    process.exitCode = 1;
  } else console.log(`${files} definition file(s) of ${dirs.join(', ')} lint clean`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 2;
});
