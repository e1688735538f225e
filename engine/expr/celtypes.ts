/**
 * CEL types of expression variables and the conversion of plain JSON values into them and back.
 * Pure TS (no React, no Node).
 */

/**
 * A CEL type as written in declarations: 'int', 'double', 'string', 'bool', 'dyn', 'map' (map<string, dyn>),
 * 'list<…>' of any of these, or the name of a row type registered by envFromModel.
 */
export type CelTypeName =
  | 'int'
  | 'double'
  | 'string'
  | 'bool'
  | 'dyn'
  | 'map'
  | 'list<int>'
  | 'list<double>'
  | 'list<string>'
  | 'list<bool>'
  | 'list<map>'
  | 'list<dyn>'
  | (string & {});

/** Structure of a CEL type, enough to convert values (internal to engine/expr). */
export type TypeSpec =
  | { k: 'int' | 'double' | 'string' | 'bool' | 'dyn' | 'map' }
  | { k: 'list'; of: TypeSpec }
  | { k: 'object'; name: string; ctor: new (fields: Record<string, unknown>) => object; fields: Record<string, TypeSpec> };

/** The declaration text of a spec, as cel-js reads it (`map` is `map<string, dyn>`). */
export function celTypeText(spec: TypeSpec): string {
  switch (spec.k) {
    case 'list':
      return `list<${celTypeText(spec.of)}>`;
    case 'object':
      return spec.name;
    case 'map':
      return 'map<string, dyn>';
    default:
      return spec.k;
  }
}

/**
 * Spec of a type name. Unknown names are looked up in `objects` (row types); otherwise `dyn`.
 * @throws Error for a name that is neither a CEL type of CelTypeName nor a known row type.
 */
export function specOf(name: string, objects: ReadonlyMap<string, TypeSpec> = new Map()): TypeSpec {
  const n = name.replace(/\s+/g, '');
  if (n === 'int' || n === 'double' || n === 'string' || n === 'bool' || n === 'dyn') return { k: n };
  if (n === 'map' || n.startsWith('map<')) return { k: 'map' };
  const list = /^list<(.*)>$/.exec(n);
  if (list) return { k: 'list', of: specOf(list[1], objects) };
  if (n === 'list') return { k: 'list', of: { k: 'dyn' } };
  const obj = objects.get(n);
  if (obj) return obj;
  throw new Error(`Unknown expression type '${name}'`);
}

/** The value a blank (null/undefined) input takes: 0, 0.0, '', false, [], {} or an object of blanks. */
export function blankOf(spec: TypeSpec): unknown {
  switch (spec.k) {
    case 'int':
      return 0n;
    case 'double':
      return 0;
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'list':
      return [];
    case 'map':
      return {};
    case 'object':
      return toCel(spec, {});
    default:
      return null;
  }
}

function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/**
 * Convert a plain JSON value into the CEL value of `spec`. Lenient, never throws:
 * - null/undefined, and values that cannot be read as the type, become the blank of the type (blankOf);
 * - int: numbers and numeric strings are truncated toward zero into BigInt; double: BigInt/strings → number;
 * - string: numbers and booleans become their text;
 * - list: a non-array becomes []; each element converted; object rows become instances of their row type,
 *   missing columns blank; map/dyn: left as given except that `undefined` becomes null.
 */
export function toCel(spec: TypeSpec, v: unknown): unknown {
  switch (spec.k) {
    case 'int': {
      if (typeof v === 'bigint') return v;
      const n = num(v);
      return n === null ? 0n : BigInt(Math.trunc(n));
    }
    case 'double': {
      const n = num(v);
      return n === null ? 0 : n;
    }
    case 'string':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
      return '';
    case 'bool':
      return typeof v === 'boolean' ? v : v === 1 || v === 'true' || v === '1';
    case 'list':
      return Array.isArray(v) ? v.map((x) => toCel(spec.of, x)) : [];
    case 'object': {
      const src = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
      const fields: Record<string, unknown> = {};
      for (const [key, f] of Object.entries(spec.fields)) fields[key] = toCel(f, src[key]);
      return new spec.ctor(fields);
    }
    case 'map':
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
    default:
      return v === undefined ? null : v;
  }
}

/**
 * Convert a CEL result into plain JSON: BigInt → number (exact up to 2^53), Map and row objects → plain
 * objects, Date → ISO string, Uint8Array → array of bytes, optional values → their value or null.
 */
export function fromCel(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object') return v === undefined ? null : v;
  if (Array.isArray(v)) return v.map(fromCel);
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Array.from(v);
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v) out[String(fromCel(k))] = fromCel(x);
    return out;
  }
  const opt = v as { hasValue?: () => boolean; value?: () => unknown };
  if (typeof opt.hasValue === 'function' && typeof opt.value === 'function') return opt.hasValue() ? fromCel(opt.value()) : null;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = fromCel(x);
  return out;
}
