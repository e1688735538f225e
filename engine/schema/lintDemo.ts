/**
 * Lint of the demo content files `schemas/<area>/demo/*.json` (FORMATS.md "Demo content") against the entity model
 * of the registry: the entity exists; each record names its author, gives only writable fields of the model, every
 * required field without a default, values of the field's kind (numbers, text within maxLength, dictionary values
 * of the field's dictionary, `{"$user"}` / `{"$dept"}` / `{"$date"}` placeholders or literal values for people,
 * departments and dates); a flow is a known flow of that entity and its steps name who acts and how.
 */
import type { Registry, SchemaIssue } from './loader';

/** A demo file as read: repository-relative path and parsed JSON. */
export interface DemoFileInput {
  path: string;
  data: unknown;
}

/** The step types a demo flow may take (the user actions of flow/act). */
const STEP_TYPES = ['approve', 'reject', 'return', 'withdraw', 'comment', 'signFor', 'read'];
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

type Prop = {
  type?: string | string[];
  readOnly?: boolean;
  default?: unknown;
  maxLength?: number;
  'x-kind'?: string;
  'x-dict'?: string;
  'x-default-from'?: string;
};

/** Whether `v` is the placeholder `key` with a value of type `type` (`{"$user": "lina"}`). */
function placeholder(v: unknown, key: string, type: 'string' | 'number'): boolean {
  return isObj(v) && Object.keys(v).length === 1 && typeof v[key] === type;
}

/** The problem of value `v` for field `p` (undefined when it fits). */
function valueProblem(registry: Registry, p: Prop, v: unknown): string | undefined {
  const kind = p['x-kind'];
  const one = (x: unknown, k: string | undefined): string | undefined => {
    if (k === 'user') return placeholder(x, '$user', 'string') || Number.isInteger(x) ? undefined : 'expects {"$user": "<user name>"}';
    if (k === 'dept') return placeholder(x, '$dept', 'string') || Number.isInteger(x) ? undefined : 'expects {"$dept": "<unit>/<office>"}';
    if (k === 'date')
      return placeholder(x, '$date', 'number') || (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x))
        ? undefined
        : 'expects {"$date": <days from seeding>} or YYYY-MM-DD';
    return undefined;
  };
  if (kind === 'users' || kind === 'depts') {
    if (!Array.isArray(v)) return 'expects a list';
    for (const x of v) {
      const e = one(x, kind.slice(0, -1));
      if (e) return e;
    }
    return undefined;
  }
  if (kind === 'user' || kind === 'dept' || kind === 'date') return one(v, kind);
  const types = Array.isArray(p.type) ? p.type : [p.type];
  if (types.includes('integer') && !Number.isInteger(v)) return 'expects an integer';
  if (types.includes('number') && typeof v !== 'number') return 'expects a number';
  if (types.includes('boolean') && typeof v !== 'boolean') return 'expects true or false';
  if (types.includes('string')) {
    if (typeof v !== 'string') return 'expects a string';
    if (p.maxLength !== undefined && v.length > p.maxLength) return `longer than ${p.maxLength} characters`;
    const dict = p['x-dict'] ? registry.get('dict', p['x-dict']) : undefined;
    if (dict && !dict.items.some((i) => i.value === v)) return `"${v}" is not a value of dictionary ${dict.id}`;
  }
  return undefined;
}

/** The issues of the demo files `files` against `registry`. */
export function lintDemoFiles(registry: Registry, files: DemoFileInput[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const f of files) {
    const add = (path: string, message: string) => issues.push({ file: f.path, path, message });
    const d = f.data;
    if (!isObj(d) || typeof d.entity !== 'string' || !Array.isArray(d.records)) {
      add('', 'a demo file is {"entity": "<entity id>", "records": [...]}');
      continue;
    }
    const entity = registry.get('entity', d.entity);
    if (!entity) {
      add('/entity', `unknown entity "${d.entity}"`);
      continue;
    }
    const props = entity.model.properties as Record<string, Prop>;
    const required = (entity.model.required ?? []) as string[];
    d.records.forEach((r, i) => {
      const at = `/records/${i}`;
      if (!isObj(r) || typeof r.as !== 'string' || !r.as || !isObj(r.data)) return add(at, 'a record is {"as": "<user name>", "data": {...}, "flow"?: {...}}');
      for (const [k, v] of Object.entries(r.data)) {
        const p = props[k];
        if (!p) add(`${at}/data/${k}`, `unknown field "${k}" of ${entity.id}`);
        else if (p.readOnly) add(`${at}/data/${k}`, `field "${k}" is read-only`);
        else {
          const e = valueProblem(registry, p, v);
          if (e) add(`${at}/data/${k}`, e);
        }
      }
      for (const k of required)
        if (!(k in r.data) && props[k]?.default === undefined && !props[k]?.['x-default-from']) add(`${at}/data`, `required field "${k}" is missing`);
      if (r.flow === undefined) return;
      const fl = r.flow;
      if (!isObj(fl) || typeof fl.id !== 'string') return add(`${at}/flow`, 'a flow is {"id": "<flow id>", "draft"?, "opinion"?, "steps"?: [...]}');
      const def = registry.get('flow', fl.id);
      if (!def) add(`${at}/flow/id`, `unknown flow "${fl.id}"`);
      else if (def.entity !== entity.id) add(`${at}/flow/id`, `flow "${fl.id}" is not a flow of ${entity.id}`);
      if (fl.steps !== undefined && !Array.isArray(fl.steps)) return add(`${at}/flow/steps`, 'expects a list');
      (fl.steps ?? []).forEach((s: unknown, j: number) => {
        if (!isObj(s) || typeof s.as !== 'string' || !s.as || typeof s.type !== 'string' || !STEP_TYPES.includes(s.type))
          add(`${at}/flow/steps/${j}`, `a step is {"as": "<user name>", "type": ${STEP_TYPES.join(' | ')}, "opinion"?, "data"?}`);
        else if (s.data !== undefined && !isObj(s.data)) add(`${at}/flow/steps/${j}/data`, 'expects an object');
        else
          for (const [k, v] of Object.entries((s.data ?? {}) as Record<string, unknown>)) {
            const e = props[k] ? valueProblem(registry, props[k], v) : `unknown field "${k}" of ${entity.id}`;
            if (e) add(`${at}/flow/steps/${j}/data/${k}`, e);
          }
      });
    });
  }
  return issues;
}
