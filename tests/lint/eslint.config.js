/**
 * ESLint 9 flat config of the repository (`npm run lint`: `eslint -c tests/lint/eslint.config.js .`, run from the
 * repository root; with `-c`, the `files` globs below are relative to the working directory, not to this file).
 *
 * Besides typescript-eslint's recommended rules (without type information, for speed) and the two classic rules of
 * eslint-plugin-react-hooks (rules-of-hooks an error, exhaustive-deps a warning), it holds the layering of
 * the code (DESIGN §1, the README's folder map) as `no-restricted-imports` patterns:
 * - engine/, designer/ and widgets/ never import the shell (src/app): they reach it through engine/host.ts `host()`;
 * - engine/schema, engine/expr, engine/flow and engine/calendar are pure TypeScript run by both sides: no React,
 *   antd or other UI library, and no Node built-in;
 * - src/server never imports the shell, the renderers, the widgets or the designers (browser code), nor an area's
 *   client side; src/app never imports the server nor an area's server side;
 * - src/areas/<area>/client and src/areas/<area>/server never import each other's side (of any area).
 * A relative import is matched by its exact spelling from the importing file's folder depth (one config block per
 * depth), so `../app` inside src/server (its own app.ts) is not mistaken for src/app.
 */
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const TS = '**/*.{ts,tsx,mts,cts}';
/** Deepest folder level below a layer's root that gets its own block (deeper files share the last one). */
const MAX_DEPTH = 8;

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regex matching an import of `target` or of anything inside it, spelled `spelling`. */
const under = (spelling) => `^${spelling}(/|$)`;

/**
 * One forbidden destination: `path` (repository folder, `*` standing for any one folder name) and the aliases of
 * vite.config.ts / tsconfig.json that name it; `except` is a regex of what below it stays allowed.
 */
const SHELL = { path: 'src/app', aliases: ['@app'], why: 'the app shell (src/app): use engine/host.ts host()' };
/** The server's imports of the shell's locale files (route titles of menus and search) are data shared with it. */
const SHELL_FROM_SERVER = { ...SHELL, except: 'locales/[^/]+/[^/]+\\.json$', why: 'the app shell (src/app), browser code' };
const SERVER = { path: 'src/server', aliases: [], why: 'the server (src/server) from browser code' };
const RENDERERS = { path: 'engine/renderers', aliases: ['@engine/renderers'], why: 'the renderers (React) from the server' };
const WIDGETS = { path: 'widgets', aliases: ['@widgets'], why: 'the widgets (React) from the server' };
const DESIGNER = { path: 'designer', aliases: [], why: 'the designers (React) from the server' };
const AREA_CLIENT = { path: 'src/areas/*/client', aliases: [], why: "an area's client side from server code" };
const AREA_SERVER = { path: 'src/areas/*/server', aliases: [], why: "an area's server side from client code" };

/** Module names a pure engine folder may not import: UI libraries and Node built-ins. */
const UI_MODULES = '^(react|react-dom|react-i18next|antd|@ant-design/[^/]+|@rjsf/[^/]+|@xyflow/react|@tiptap/[^/]+|@fullcalendar/[^/]+|jotai)(/|$)';
const NODE_BUILTINS = `^(node:.*|(${builtinModules.map(escape).join('|')}))$`;
const PURE_MODULES = [
  { regex: UI_MODULES, message: 'engine/schema, expr, flow and calendar are pure TypeScript: no React or UI library.' },
  { regex: NODE_BUILTINS, message: 'engine/schema, expr, flow and calendar run in the browser too: no Node built-in.' },
];

/**
 * The spellings of `target` (a repository path, `*` = any folder name) from a folder `depth` levels below `root`:
 * the shortest relative path, the path through the repository root, and for an area's side, through src/areas
 * into any area.
 */
function spellings(root, depth, target) {
  // a `*` is one folder name, never `..`
  const pattern = (s) => escape(s).replace(/\\\*/g, '(?!\\.\\.)[^/]+');
  const up = '../'.repeat(depth);
  const rel = posix.relative(root, target);
  const out = [pattern(rel.startsWith('..') ? up + rel : `${up || './'}${rel}`)];
  out.push(pattern('../'.repeat(depth + root.split('/').length) + target));
  const star = target.indexOf('*');
  if (star >= 0) out.push(`${pattern(up + posix.relative(root, target.slice(0, star)))}/${pattern('*')}${pattern(target.slice(star + 1))}`);
  return [...new Set(out)];
}

/** The no-restricted-imports options of files at `depth` below `root` that may not import `targets`. */
function restrictions(root, depth, targets, extra = []) {
  const patterns = [...extra];
  for (const t of targets) {
    const tail = t.except ? `(?!${t.except})` : '';
    for (const s of spellings(root, depth, t.path)) patterns.push({ regex: `^${s}(/${tail}|$)`, message: `Layering: may not import ${t.why}.` });
    for (const a of t.aliases) patterns.push({ regex: `${under(escape(a)).replace('(/|$)', `(/${tail}|$)`)}`, message: `Layering: may not import ${t.why}.` });
  }
  return ['error', { patterns }];
}

/**
 * Config blocks for the files under `root` (a folder, `*` = any name): one block per folder depth, so that
 * relative imports are matched by their exact spelling. `ignores`: files of the layer left out.
 */
function layer(root, targets, { extra = [], ignores = [] } = {}) {
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const files = depth < MAX_DEPTH ? [`${root}/${'*/'.repeat(depth)}*.{ts,tsx}`] : [`${root}/${'*/'.repeat(depth)}**/*.{ts,tsx}`];
    blocks.push({
      name: `layering/${root}/depth-${depth}`,
      files,
      ignores,
      rules: { 'no-restricted-imports': restrictions(root, depth, targets, extra) },
    });
  }
  return blocks;
}

export default defineConfig(
  {
    name: 'ignored',
    ignores: ['node_modules/**', 'node_modules', 'dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'tests/e2e/artifacts/**', '**/*.d.ts'],
  },
  { ...js.configs.recommended, name: 'eslint/recommended', files: ['**/*.{js,mjs,cjs,ts,tsx}'] },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: c.files ?? [TS] })),
  {
    name: 'project',
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    // Only the two classic hooks rules: the plugin's React Compiler rules (purity, refs, set-state-in-effect…)
    // stay off, the code is not written for the compiler.
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    name: 'project/typescript',
    files: [TS],
    rules: {
      // File names and texts are cleaned of control characters on purpose.
      'no-control-regex': 'off',
      // Decoded JSON, antd callbacks and rjsf widgets are typed loosely in places; flagged, not refused.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `void promise` marks a promise deliberately left to run (its failure is already toasted).
      'no-void': 'off',
    },
  },
  {
    name: 'tests',
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },

  // Layering (see the module comment); the later blocks of a file replace the earlier ones' options.
  ...layer('engine', [SHELL]),
  ...layer('designer', [SHELL]),
  ...layer('widgets', [SHELL]),
  ...['engine/schema', 'engine/expr', 'engine/flow', 'engine/calendar'].flatMap((root) =>
    layer(root, [SHELL, SERVER, RENDERERS, WIDGETS, DESIGNER], { extra: PURE_MODULES }),
  ),
  ...layer('src/server', [SHELL_FROM_SERVER, RENDERERS, WIDGETS, DESIGNER, AREA_CLIENT]),
  ...layer('src/app', [SERVER, AREA_SERVER]),
  ...layer('src/areas/*/client', [SERVER, AREA_SERVER]),
  ...layer('src/areas/*/server', [SHELL_FROM_SERVER, RENDERERS, WIDGETS, DESIGNER, AREA_CLIENT]),
);
