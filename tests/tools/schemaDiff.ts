/**
 * `npm run schema:diff -- <git-ref> [--lang en-US]`: what changed in `schemas/` between a git ref and the work tree, in
 * the sentences of 版本记录 (./schemaDiffCore.ts), file by file, then the verdict of the definition lint over the work
 * tree (./schemaLint.ts) — what a reviewer reads on a pull request instead of raw JSON. zh-CN by default. Exits 1 when
 * the lint finds problems, 2 on bad arguments or an unknown ref.
 */
import { fileURLToPath } from 'node:url';
import { formatIssues } from '../../engine/schema/lint';
import type { Locale } from '../../src/shared/constants';
import { diffTranslator, diffTrees } from './schemaDiffCore';
import { treeAtRef, treeOfWorkTree } from './gitTree';
import { lintSchemaDirs } from './schemaLint';
import { loadFrontKeys } from './loadFrontKeys';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const langAt = argv.indexOf('--lang');
  const locale: Locale = langAt >= 0 && argv[langAt + 1] === 'en-US' ? 'en-US' : 'zh-CN';
  const { t } = diffTranslator(locale);
  const ref = argv.filter((a, i) => !a.startsWith('--') && (langAt < 0 || i !== langAt + 1))[0];
  if (!ref) {
    console.error(t('usage'));
    return 2;
  }
  let before;
  try {
    before = treeAtRef(ROOT, ref);
  } catch (e) {
    console.error(`${ref}: ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`);
    return 2;
  }
  const files = diffTrees(before, treeOfWorkTree(ROOT), locale);
  if (!files.length) console.log(t('none', { ref }));
  else {
    console.log(t('header', { ref }));
    for (const f of files) {
      console.log(`\n${f.header}`);
      for (const s of f.sentences) console.log(`  ${s}`);
    }
  }
  const lint = lintSchemaDirs(await loadFrontKeys());
  console.log('');
  if (!lint.issues.length) {
    console.log(t('lint.clean', { files: lint.files }));
    return 0;
  }
  console.log(t('lint.problems', { count: lint.issues.length }));
  console.log(formatIssues(lint.issues));
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 2;
  },
);
