/**
 * Definition files of a git ref and of the work tree, as trees of path → text (./schemaDiffCore.ts FileTree), read with
 * `git ls-tree` / `git show` (never checking anything out) and the file system.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FileTree } from './schemaDiffCore';

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/** The `*.json` files under `dir` (repository-relative, e.g. `schemas`) at git ref `ref` of the repository at `root`. Throws on an unknown ref. */
export function treeAtRef(root: string, ref: string, dir = 'schemas'): FileTree {
  git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  const paths = git(root, ['ls-tree', '-r', '-z', '--name-only', ref, '--', dir])
    .split('\0')
    .filter((p) => p.endsWith('.json'));
  return new Map(paths.map((p) => [p, git(root, ['show', `${ref}:${p}`])]));
}

/** The `*.json` files under `dir` of the work tree at `root`. */
export function treeOfWorkTree(root: string, dir = 'schemas'): FileTree {
  const out: FileTree = new Map();
  const walk = (abs: string) => {
    for (const name of readdirSync(abs).sort()) {
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) out.set(relative(root, p).split('\\').join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(join(root, dir));
  return out;
}
