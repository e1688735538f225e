/**
 * The meta schemas of `schemas/_meta/` (DESIGN §4), bundled as JSON imports so that the loader
 * needs no file system, and one ajv instance that knows them all. The meta schemas carry no `$id`: their
 * `$ref`s (`defs.schema.json#/definitions/text`) are relative file names, so editors resolve them beside the
 * file and ajv by the keys they are registered under.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import defs from '../../schemas/_meta/defs.schema.json';
import entity from '../../schemas/_meta/entity.schema.json';
import page from '../../schemas/_meta/page.schema.json';
import dict from '../../schemas/_meta/dict.schema.json';
import area from '../../schemas/_meta/area.schema.json';
import overlay from '../../schemas/_meta/overlay.schema.json';
import flow from '../../schemas/_meta/flow.schema.json';
import worklist from '../../schemas/_meta/worklist.schema.json';
import type { DefinitionKind } from './types';

/** Meta schema per definition kind (the file name is `_meta/<kind>.schema.json`). */
export const META_SCHEMAS: Record<DefinitionKind, object> = { entity, page, dict, area, overlay, flow };

/** Definitions the page schema refers to besides the shared ones: the declared worklist's (worklist.schema.json). */
const META_PARTS: Record<string, object> = { 'worklist.schema.json': worklist };

/** The shared definitions (text, expr, action, layout node, data source). */
export const META_DEFS: object = defs;

let validators: Record<DefinitionKind, ValidateFunction> | null = null;

/** Compiled validators per kind (compiled once, lazily). Throws only if the bundled meta schemas are broken. */
export function metaValidators(): Record<DefinitionKind, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema(defs as object, 'defs.schema.json');
  for (const [name, schema] of Object.entries(META_PARTS)) ajv.addSchema(schema, name);
  const out = {} as Record<DefinitionKind, ValidateFunction>;
  for (const [kind, schema] of Object.entries(META_SCHEMAS)) {
    ajv.addSchema(schema, `${kind}.schema.json`);
    out[kind as DefinitionKind] = ajv.getSchema(`${kind}.schema.json`) as ValidateFunction;
  }
  validators = out;
  return out;
}
