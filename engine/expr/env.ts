/**
 * Expression environments: the shared base (CEL + the function library + mixed int/double arithmetic) and
 * environments derived from an entity model, where every model property is a typed variable.
 * Pure TS (no React, no Node).
 *
 * Type mapping of a model property (by `x-kind`, else by JSON Schema `type`):
 *
 * | x-kind                                  | CEL type            | value                                  |
 * |-----------------------------------------|---------------------|----------------------------------------|
 * | text, textarea, richtext, dict          | string              | dict with `type: array` → list<string> |
 * | integer                                 | int                 | JSON number → BigInt                   |
 * | number, money                           | double              | money in 元                            |
 * | boolean                                 | bool                |                                        |
 * | date, datetime                          | string              | 'YYYY-MM-DD' / ISO 8601                |
 * | daterange                               | list<string>        | [start, end]                           |
 * | user, dept                              | int                 | id                                     |
 * | users, depts                            | list<int>           | ids                                    |
 * | attachments                             | list<map<string, dyn>> | {id, name, size, …}                 |
 * | subtable                                | list<Row_<field>>   | rows typed by `items.properties`       |
 * | (none) integer / number / boolean / string / array / object | int / double / bool / string / list<…> / map |
 *
 * A blank (null/undefined/absent) value becomes the blank of its type: 0, 0.0, '', false, [] (Excel's blank
 * cell). Keys that are not CEL identifiers (or are CEL reserved words) are not variables.
 */
import { Environment } from '@marcbachmann/cel-js';
import type { EntityModel, ModelProperty } from '../schema/types';
import { celTypeText, specOf, type CelTypeName, type TypeSpec } from './celtypes';
import { registerLibrary } from './functions';

/** A prepared expression environment (opaque to callers; pass it to check/compile/evaluate). */
export interface ExprEnv {
  /** The cel-js environment (variables, row types, functions). */
  readonly cel: Environment;
  /** Declared variables and their types. */
  readonly vars: ReadonlyMap<string, TypeSpec>;
}

/** Options of envFromModel. */
export interface ModelEnvOptions {
  /** Declare `record`: the model's fields (+ `id: int`) as one object (list views, actions' visibleWhen). */
  record?: boolean;
  /** Declare `user`: the signed-in user, see CURRENT_USER_FIELDS. */
  user?: boolean;
  /** Declare the model's fields as top-level variables (default true; false for record-only contexts). */
  fields?: boolean;
  /** Further typed objects by variable name: field → type (e.g. a flow title template's `initiator: {name: 'string'}`). */
  objects?: Record<string, Record<string, CelTypeName>>;
}

/** Fields of the well-known `user` variable (ids are ints; roles and permissions are codes). */
export const CURRENT_USER_FIELDS: Readonly<Record<string, CelTypeName>> = {
  id: 'int',
  account: 'string',
  name: 'string',
  deptId: 'int',
  deptIds: 'list<int>',
  unitId: 'int',
  roles: 'list<string>',
  permissions: 'list<string>',
  positions: 'list<int>',
  clearance: 'int',
};

const RESERVED = new Set('true false null in as break const continue else for function if import let loop package namespace return var void while'.split(' '));
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a property key can be used as a CEL variable name. */
export function isCelIdentifier(key: string): boolean {
  return IDENT.test(key) && !RESERVED.has(key);
}

const defineOperators = (env: Environment) => {
  for (const op of ['+', '-', '*', '/']) {
    const f = (a: bigint | number, b: bigint | number): number => {
      const x = Number(a);
      const y = Number(b);
      return op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x / y;
    };
    env.registerOperator(`double ${op} int: double`, f);
    env.registerOperator(`int ${op} double: double`, f);
  }
  // Registering int == double also gives double == int, != and the mirrored order.
  env.registerOperator('int == double', (a: bigint | number, b: bigint | number) => Number(a) === Number(b));
};

let base: Environment | null = null;

/** The shared base environment (library + operators), built once and frozen by cloning. */
function baseEnvironment(): Environment {
  if (!base) {
    base = new Environment({ homogeneousAggregateLiterals: false });
    defineOperators(base);
    registerLibrary(base);
  }
  return base;
}

function makeRowClass(): new (fields: Record<string, unknown>) => object {
  return class Row {
    constructor(fields: Record<string, unknown>) {
      Object.assign(this, fields);
    }
  };
}

function firstType(t: ModelProperty['type']): string | undefined {
  if (Array.isArray(t)) return t.find((x) => x !== 'null');
  return t;
}

/** Collects the row types a model needs, registering them in the environment. */
class TypeBuilder {
  readonly objects = new Map<string, TypeSpec>();
  constructor(private readonly env: Environment) {}

  object(name: string, props: Record<string, ModelProperty>, extra: Record<string, TypeSpec> = {}): TypeSpec {
    const fields: Record<string, TypeSpec> = { ...extra };
    for (const [key, p] of Object.entries(props)) if (isCelIdentifier(key)) fields[key] = this.property(`${name}_${key}`, p);
    const spec: TypeSpec = { k: 'object', name, ctor: makeRowClass(), fields };
    const decl: Record<string, string> = {};
    for (const [k, f] of Object.entries(fields)) decl[k] = celTypeText(f);
    this.env.registerType(name, { ctor: spec.ctor, fields: decl });
    this.objects.set(name, spec);
    return spec;
  }

  property(rowName: string, p: ModelProperty): TypeSpec {
    const jsonType = firstType(p.type);
    switch (p['x-kind']) {
      case 'text':
      case 'textarea':
      case 'richtext':
      case 'date':
      case 'datetime':
        return { k: 'string' };
      case 'dict':
        return jsonType === 'array' ? { k: 'list', of: { k: 'string' } } : { k: 'string' };
      case 'integer':
      case 'user':
      case 'dept':
      case 'record':
        return { k: 'int' };
      case 'number':
      case 'money':
        return { k: 'double' };
      case 'boolean':
        return { k: 'bool' };
      case 'daterange':
        return { k: 'list', of: { k: 'string' } };
      case 'users':
      case 'depts':
        return { k: 'list', of: { k: 'int' } };
      case 'attachments':
        return { k: 'list', of: { k: 'map' } };
      case 'subtable':
        return { k: 'list', of: this.rowOf(rowName, p.items) };
      default:
        return this.fromJsonType(rowName, jsonType, p);
    }
  }

  private rowOf(rowName: string, items: unknown): TypeSpec {
    const props = (items as { properties?: Record<string, ModelProperty> } | undefined)?.properties;
    return props ? this.object(`Row_${rowName}`, props) : { k: 'map' };
  }

  private fromJsonType(rowName: string, jsonType: string | undefined, p: ModelProperty): TypeSpec {
    switch (jsonType) {
      case 'integer':
        return { k: 'int' };
      case 'number':
        return { k: 'double' };
      case 'boolean':
        return { k: 'bool' };
      case 'string':
        return { k: 'string' };
      case 'object':
        return { k: 'map' };
      case 'array': {
        const items = p.items as ModelProperty | undefined;
        if (!items) return { k: 'list', of: { k: 'dyn' } };
        if (firstType(items.type) === 'object') return { k: 'list', of: this.rowOf(rowName, items) };
        return { k: 'list', of: this.property(`${rowName}_item`, items) };
      }
      default:
        return { k: 'dyn' };
    }
  }
}

/**
 * An environment with the given variables only (no model): e.g. `{amount: 'double', user: 'map'}`.
 * @throws Error for an unknown type name.
 */
export function createEnv(vars: Record<string, CelTypeName> = {}): ExprEnv {
  const cel = baseEnvironment().clone();
  const specs = new Map<string, TypeSpec>();
  for (const [name, type] of Object.entries(vars)) {
    const spec = specOf(type);
    cel.registerVariable(name, celTypeText(spec));
    specs.set(name, spec);
  }
  return { cel, vars: specs };
}

/**
 * The environment of an entity model: each property (a CEL identifier) is a typed variable per the table
 * above; `extra` adds variables (its names win over model fields of the same name); `opts.record` and
 * `opts.user` add the well-known `record` and `user` objects.
 * @throws Error for an unknown type name in `extra`.
 */
export function envFromModel(model: EntityModel, extra: Record<string, CelTypeName> = {}, opts: ModelEnvOptions = {}): ExprEnv {
  const cel = baseEnvironment().clone();
  const types = new TypeBuilder(cel);
  const specs = new Map<string, TypeSpec>();
  const props = model.properties ?? {};
  if (opts.fields !== false) {
    for (const [key, p] of Object.entries(props)) if (isCelIdentifier(key) && !(key in extra)) specs.set(key, types.property(key, p));
  }
  if (opts.record && !('record' in extra)) specs.set('record', types.object('Record', props, 'id' in props ? {} : { id: { k: 'int' } }));
  if (opts.user && !('user' in extra)) {
    const fields: Record<string, TypeSpec> = {};
    for (const [k, t] of Object.entries(CURRENT_USER_FIELDS)) fields[k] = specOf(t);
    const spec: TypeSpec = { k: 'object', name: 'CurrentUser', ctor: makeRowClass(), fields };
    cel.registerType('CurrentUser', { ctor: spec.ctor, fields: { ...CURRENT_USER_FIELDS } as Record<string, string> });
    specs.set('user', spec);
  }
  for (const [name, decl] of Object.entries(opts.objects ?? {})) {
    if (name in extra) continue;
    const typeName = `Var_${name}`;
    const fields: Record<string, TypeSpec> = {};
    for (const [k, t] of Object.entries(decl)) fields[k] = specOf(t);
    const spec: TypeSpec = { k: 'object', name: typeName, ctor: makeRowClass(), fields };
    cel.registerType(typeName, { ctor: spec.ctor, fields: { ...decl } as Record<string, string> });
    specs.set(name, spec);
  }
  for (const [name, type] of Object.entries(extra)) specs.set(name, specOf(type, types.objects));
  for (const [name, spec] of specs) cel.registerVariable(name, celTypeText(spec));
  return { cel, vars: specs };
}
