/**
 * The work-item title template of a flow (DESIGN §5; `title.cel` of a flow definition): a CEL expression giving a
 * string, evaluated when an instance starts (and when its data changes) to name the instance and its tasks in every
 * list and reminder — never "the first text field". Variables:
 * - `record`: the business record (the entity model's fields and `id`; without an entity, the form data as a map);
 * - `initiator`: who starts it — `id`, `name`, `account`, `deptId`, `dept` (department name);
 * - `form`: `title`, the name of the entity (the form's name, e.g. 请假申请);
 * - `flow`: `title`, the flow's name.
 * Pure TS: no React, no Node.
 */
import { checkExpression, envFromModel, evaluateExpression, type ExprEnv } from '../expr';
import type { EntityModel } from '../schema/types';
import type { FlowDef } from './types';

/** Fields of `initiator` in a title template. */
export const TITLE_INITIATOR_FIELDS = { id: 'int', name: 'string', account: 'string', deptId: 'int', dept: 'string' } as const;

/** What a title template is evaluated with (see the module comment). */
export interface TitleInput {
  record: Record<string, unknown>;
  initiator: { id: number; name: string; account: string; deptId: number; dept: string };
  form: { title: string };
  flow: { title: string };
}

/** The default template of a flow designed in the browser: the form's name and who started it (请假申请 - 张伟). */
export const DEFAULT_TITLE_TEMPLATE = 'form.title + " - " + initiator.name';

const NO_MODEL: EntityModel = { type: 'object', properties: {} };
const envs = new WeakMap<EntityModel, ExprEnv>();
const OBJECTS = { initiator: { ...TITLE_INITIATOR_FIELDS }, form: { title: 'string' }, flow: { title: 'string' } };

/** The environment of title templates over `model` (no model: `record` is a map), cached per model. */
export function titleEnv(model: EntityModel | undefined): ExprEnv {
  const m = model ?? NO_MODEL;
  let env = envs.get(m);
  if (!env) {
    env = model
      ? envFromModel(model, {}, { record: true, fields: false, objects: OBJECTS })
      : envFromModel(NO_MODEL, { record: 'map' }, { fields: false, objects: OBJECTS });
    envs.set(m, env);
  }
  return env;
}

/** Type-checks a title template against `model`: ok when it gives a string. */
export function checkTitleTemplate(cel: string, model: EntityModel | undefined): { ok: true } | { ok: false; message: string } {
  const r = checkExpression(cel, titleEnv(model), { expect: 'string' });
  return r.ok ? { ok: true } : { ok: false, message: r.message };
}

/** The title template of `def`, or undefined when it declares none. */
export function titleTemplateOf(def: Pick<FlowDef, 'title'>): string | undefined {
  const cel = (def.title as { cel?: unknown } | undefined)?.cel;
  return typeof cel === 'string' && cel.trim() ? cel : undefined;
}

/**
 * The title `def`'s template gives for `input` (trimmed, at most `max` characters), or '' when the flow declares no
 * template, the template fails, or it gives nothing — the caller then falls back to the title it was given.
 */
export function evaluateTitle(def: Pick<FlowDef, 'title'>, model: EntityModel | undefined, input: TitleInput, max = 255): string {
  const cel = titleTemplateOf(def);
  if (!cel) return '';
  try {
    const v = evaluateExpression(cel, titleEnv(model), input as unknown as Record<string, unknown>, { expect: 'string' });
    return typeof v === 'string' ? v.trim().slice(0, max) : '';
  } catch {
    return '';
  }
}
