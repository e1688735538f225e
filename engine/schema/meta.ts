/**
 * The meta schemas of `schemas/_meta/` (DESIGN §4), bundled as JSON imports so that the loader
 * needs no file system, and one ajv instance that knows them all.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import defs from '../../schemas/_meta/defs.schema.json';
import entity from '../../schemas/_meta/entity.schema.json';
import page from '../../schemas/_meta/page.schema.json';
import dict from '../../schemas/_meta/dict.schema.json';
import area from '../../schemas/_meta/area.schema.json';
import overlay from '../../schemas/_meta/overlay.schema.json';
import type { DefinitionKind } from './types';

/** Meta schema per definition kind (the file name is `_meta/<kind>.schema.json`). */
export const META_SCHEMAS: Record<DefinitionKind, object> = { entity, page, dict, area, overlay };

/** The shared definitions (text, expr, action, layout node, data source). */
export const META_DEFS: object = defs;

let validators: Record<DefinitionKind, ValidateFunction> | null = null;

/** Compiled validators per kind (compiled once, lazily). Throws only if the bundled meta schemas are broken. */
export function metaValidators(): Record<DefinitionKind, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema(defs as object);
  const out = {} as Record<DefinitionKind, ValidateFunction>;
  for (const [kind, schema] of Object.entries(META_SCHEMAS)) out[kind as DefinitionKind] = ajv.compile(schema);
  validators = out;
  return out;
}
