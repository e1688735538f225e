import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const localeDir = path.join(root, 'src/app/locales');
const appDir = path.join(root, 'src/app');

function flatKeys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

function load(lang: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(localeDir, lang, `${ns}.json`), 'utf8'));
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'locales') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(tsx|ts)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Source without comments (block, JSX and line comments). */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;

describe('locales (zh-CN and en-US complete)', () => {
  const zhNs = fs
    .readdirSync(path.join(localeDir, 'zh-CN'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  const enNs = fs
    .readdirSync(path.join(localeDir, 'en-US'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));

  it('has the same namespaces in both languages', () => {
    expect(enNs.sort()).toEqual(zhNs.sort());
    expect(zhNs).toEqual(expect.arrayContaining(['route', 'common', 'login', 'layout', 'exception', 'pages', 'console', 'setting']));
  });

  for (const ns of zhNs) {
    it(`namespace ${ns}: every zh-CN key exists in en-US and vice versa, none empty`, () => {
      const zh = flatKeys(load('zh-CN', ns)).sort();
      const en = flatKeys(load('en-US', ns)).sort();
      expect(zh.filter((k) => !en.includes(k))).toEqual([]);
      expect(en.filter((k) => !zh.includes(k))).toEqual([]);
      for (const lang of ['zh-CN', 'en-US']) {
        const flat = load(lang, ns) as Record<string, unknown>;
        const empty = flatKeys(flat).filter((k) => {
          const v = k in flat ? flat[k] : k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], flat);
          return typeof v !== 'string' || !v.trim();
        });
        expect(empty, `${lang}/${ns}`).toEqual([]);
      }
    });
  }

  it('keeps zh-CN texts Chinese where the spec fixes them', () => {
    const common = load('zh-CN', 'common') as { validation: Record<string, string>; http: Record<string, string> };
    expect(common.validation.mobile).toBe('手机号码格式不正确');
    expect(common.validation.email).toBe('邮箱格式不正确');
    expect((load('zh-CN', 'layout') as { search: { empty: string } }).search.empty).toBe('请输入关键字');
    expect((load('zh-CN', 'layout') as { logout: { title: string } }).logout.title).toBe('退出确认');
    expect((load('en-US', 'layout') as { logout: { title: string } }).logout.title).toBe('Logout confirmation');
    expect((load('zh-CN', 'exception') as Record<string, { desc: string }>)['403'].desc).toBe('抱歉，您无权访问此页面');
  });
});

describe('no literal CJK text in components', () => {
  it('finds no CJK characters outside comments in the UI code (src/app, engine/renderers, engine/form, widgets, designer)', () => {
    const offenders: string[] = [];
    const dirs = [appDir, ...['engine/renderers', 'engine/form', 'widgets', 'designer'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))];
    for (const file of dirs.flatMap((d) => walk(d))) {
      const lines = stripComments(fs.readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (CJK.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('the scan itself catches literal text', () => {
    expect(CJK.test(stripComments('const a = "待办"; // 注释'))).toBe(true);
    expect(CJK.test(stripComments('/** 注释 */ const a = 1; // 注释'))).toBe(false);
  });
});
