/**
 * engine/form — form and detail definitions → rjsf inputs (DESIGN §3): compileForm (schema, uiSchema,
 * layout), compileLogic (rules, computed fields, cross-field validators over CEL), applyRules, and the
 * localisation of rjsf (translateString, ajv-i18n validator, transformErrors naming titles). Pure TS.
 */
export {
  compileForm,
  layoutFields,
  textFn,
  toJsonSchema,
  widgetOfKind,
  type CompiledForm,
  type FieldPlace,
  type JsonSchema,
  type TextFn,
  type UiSchema,
} from './compile';
export { applyRules, compileLogic, type FormData, type FormLogic, type RuleState } from './logic';
export { errorField, errorPath, formValidator, makeTransformErrors, makeTranslateString } from './i18n';
