/**
 * `npm run schema:diff` (tests/tools/schemaDiff.ts): the definitions of a git ref against the work tree, in the
 * sentences of 版本记录 — on the shipped receptions entity and affair flow with a changed copy, and on a temporary git
 * repository read through `git ls-tree` / `git show`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffTrees, type FileTree } from '../tools/schemaDiffCore';
import { treeAtRef, treeOfWorkTree } from '../tools/gitTree';
import { ROOT } from './schema/helpers';

const ENTITY = 'schemas/receptions/entities/reception.json';
const FLOW = 'schemas/affair/flows/default.flow.json';
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const json = (v: unknown) => JSON.stringify(v, null, 2);

function changed(): FileTree {
  const entity = JSON.parse(read(ENTITY));
  entity.model.properties.guestUnit['x-title'].d = '来访单位';
  entity.permissions.export = 'receptions:view';
  const flow = JSON.parse(read(FLOW));
  flow.nodes[1].mode = 'all';
  return new Map([
    [ENTITY, json(entity)],
    [FLOW, json(flow)],
    ['schemas/receptions/dicts/new.json', read('schemas/receptions/area.json')],
  ]);
}

describe('diffTrees', () => {
  const before: FileTree = new Map([
    [ENTITY, read(ENTITY)],
    [FLOW, read(FLOW)],
    ['schemas/receptions/locales/zh-CN.json', json({ 'a.b': '旧' })],
  ]);
  const after = changed();
  after.set('schemas/receptions/locales/zh-CN.json', json({ 'a.b': '新', 'a.c': '加' }));

  it('tells a changed field label, a permission and a flow node in the sentences of 版本记录 (zh-CN)', () => {
    const files = diffTrees(before, after);
    const entity = files.find((f) => f.file === ENTITY)!;
    expect(entity.header).toBe(`修改文件 ${ENTITY} (实体 receptions.reception)`);
    expect(entity.sentences).toContain('字段 来访单位: 标签 来宾单位 → 来访单位');
    expect(entity.sentences).toContain('permissions.export: receptions:export → receptions:view');
    const flow = files.find((f) => f.file === FLOW)!;
    expect(flow.sentences).toContain('节点 科室负责人审核: 模式 或签 → 会签');
    const locale = files.find((f) => f.file.endsWith('zh-CN.json'))!;
    expect(locale.sentences).toEqual(['文本 a.b: 旧 → 新', '新增文本 a.c: 加']);
  });

  it('tells added and removed files, and the same sentences in English with en-US', () => {
    const files = diffTrees(before, after, 'en-US');
    expect(files.find((f) => f.file.endsWith('new.json'))?.status).toBe('added');
    expect(diffTrees(after, before).find((f) => f.file.endsWith('new.json'))?.header).toMatch(/^删除文件 schemas\/receptions\/dicts\/new\.json/);
    const entity = files.find((f) => f.file === ENTITY)!;
    expect(entity.header).toBe(`Changed file ${ENTITY} (entity receptions.reception)`);
    expect(entity.sentences.some((s) => s.includes('来宾单位 → 来访单位'))).toBe(true);
  });

  it('says "same meaning" for a file only reformatted, and nothing for an identical one', () => {
    const same = new Map([[ENTITY, JSON.stringify(JSON.parse(read(ENTITY)))]]);
    expect(diffTrees(new Map([[ENTITY, read(ENTITY)]]), same)[0].sentences).toEqual(['仅格式调整，含义不变']);
    expect(diffTrees(before, before)).toEqual([]);
  });
});

describe('git trees', () => {
  const repo = mkdtempSync(join(tmpdir(), 'oa-schema-diff-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, stdio: 'pipe' });

  it('reads a ref with git show and the work tree from disk, and diffs them', () => {
    mkdirSync(join(repo, 'schemas/receptions/entities'), { recursive: true });
    writeFileSync(join(repo, ENTITY), read(ENTITY));
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    writeFileSync(join(repo, ENTITY), changed().get(ENTITY)!);
    const base = treeAtRef(repo, 'HEAD');
    expect([...base.keys()]).toEqual([ENTITY]);
    const files = diffTrees(base, treeOfWorkTree(repo));
    expect(files.map((f) => f.file)).toEqual([ENTITY]);
    expect(files[0].sentences).toContain('字段 来访单位: 标签 来宾单位 → 来访单位');
  });

  it('refuses an unknown ref', () => {
    expect(() => treeAtRef(repo, 'no-such-ref')).toThrow();
  });
});
