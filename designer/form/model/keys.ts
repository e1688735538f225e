/**
 * Field keys of designed forms ("key generated from the label's pinyin through /api/Form/getpinyin and
 * unique"): the key is the pinyin made a valid field name (`^[a-z][a-zA-Z0-9_]*$`, a CEL identifier, not a
 * system column), then made unique in its scope with a suffix 2, 3…  Pure TS.
 */

/** Names a designed field may not take: system columns of entity tables and CEL reserved words. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'version',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
  'owner_dept_id',
  'owner_unit_id',
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
  'record',
  'user',
]);

/** Longest generated key (before a uniqueness suffix). */
export const MAX_KEY_LENGTH = 40;

const FIELD_NAME = /^[a-z][a-zA-Z0-9_]*$/;

/** Whether `key` is a valid field key (pattern, not reserved). */
export function isValidKey(key: string): boolean {
  return FIELD_NAME.test(key) && !RESERVED_KEYS.has(key) && key.length <= MAX_KEY_LENGTH + 4;
}

/**
 * A field name from pinyin text (`Qing Jia-Shi You` → `qingjiashiyou`): lower case, letters and digits only,
 * `f` in front when it would start with a digit, `field` when nothing is left, `f` in front of a reserved word.
 */
export function keyFromPinyin(pinyin: string): string {
  let k = pinyin
    .toLowerCase()
    .replace(/ü/g, 'v')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, MAX_KEY_LENGTH);
  if (!k) k = 'field';
  if (/^[0-9]/.test(k)) k = `f${k}`.slice(0, MAX_KEY_LENGTH);
  if (RESERVED_KEYS.has(k)) k = `f${k}`;
  return k;
}

/** `base`, else `base2`, `base3`… — the first not in `taken`. */
export function uniqueKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`)) return `${base}${i}`;
}

/** A pinyin cache for DesignEnv.pinyin: `load` asks the server once per text, `get` answers synchronously. */
export interface PinyinCache {
  /** The pinyin of `text` (fetched once, then cached). */
  load(text: string): Promise<string>;
  /** The cached pinyin of `text`; before it is loaded, the ASCII letters and digits of the text. */
  get(text: string): string;
}

/** A PinyinCache over `fetchPinyin` (the UI passes a call of /api/Form/getpinyin answering its `pinyin`). */
export function createPinyinCache(fetchPinyin: (text: string) => Promise<string>): PinyinCache {
  const done = new Map<string, string>();
  const pending = new Map<string, Promise<string>>();
  return {
    load(text) {
      const hit = done.get(text);
      if (hit !== undefined) return Promise.resolve(hit);
      let p = pending.get(text);
      if (!p) {
        p = fetchPinyin(text).then(
          (v) => {
            done.set(text, v);
            pending.delete(text);
            return v;
          },
          (e: unknown) => {
            pending.delete(text);
            throw e;
          },
        );
        pending.set(text, p);
      }
      return p;
    },
    get(text) {
      return done.get(text) ?? text.replace(/[^A-Za-z0-9]/g, '');
    },
  };
}
