/**
 * The rjsf set-up shared by the pages that draw an engine form (the `form` page kind, the business form of
 * the `approval` page kind): compiling a form page bundle (layout → schema, rules / computed / validators),
 * the fields and templates, and the localised pieces (widgets, translateString, transformErrors, validator).
 */
import { useMemo } from 'react';
import type { RegistryFieldsType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { compileForm, compileLogic, formValidator, makeTransformErrors, makeTranslateString, textFn, type CompiledForm, type FormLogic } from '../../form';
import type { PageBundle } from '../../schema/bundle';
import type { FormPageDef } from '../../schema/types';
import { widgetMap } from '../../../widgets';
import { FieldTemplate } from './FieldTemplate';
import { SubtableField } from './SubtableField';

/**
 * Numbers go straight to their widget (antd InputNumber parses and keeps partial input itself): rjsf's own
 * NumberField re-creates an Intl.NumberFormat on every render of every number field.
 */
const NumberField: RegistryFieldsType[string] = (props) => {
  const { StringField } = props.registry.fields;
  return <StringField {...props} />;
};

/** rjsf `fields` of engine forms. */
export const ENGINE_FIELDS: RegistryFieldsType = { subtable: SubtableField, NumberField };
/** rjsf `templates` of engine forms (the root object template is set per form in its uiSchema). */
export const ENGINE_TEMPLATES = { FieldTemplate };

/** A compiled form page, or the message of what is wrong with its definition. */
export type CompiledFormPage = { compiled: CompiledForm; logic: FormLogic; page: FormPageDef; error?: undefined } | { error: string };

/**
 * Compiles a `form` page bundle: its rjsf inputs (engine/form compileForm) and its behaviour (compileLogic).
 * Answers `{error}` (a message naming the page) when the bundle is not a form page with an entity, or an
 * expression or layout does not compile.
 */
export function compileFormPage(bundle: PageBundle): CompiledFormPage {
  const page = bundle.page;
  if (page.pageKind !== 'form' || !bundle.entity) return { error: `${page.id}: entity` };
  try {
    const compiled = compileForm(bundle);
    const logic = compileLogic(page, bundle.entity.model, textFn(bundle.texts));
    return { compiled, logic, page };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The localised rjsf props of a compiled form: widgets, translateString, transformErrors and validator. */
export function useFormLocale(compiled: CompiledForm) {
  const { t, i18n } = useTranslation('form');
  const widgets = useMemo(() => widgetMap(), []);
  const lang = i18n.language;
  const translateString = useMemo(
    () => makeTranslateString((i18n.getResourceBundle(lang, 'form') as { rjsf?: Record<string, string> } | undefined)?.rjsf ?? {}),
    [i18n, lang],
  );
  const transformErrors = useMemo(
    () => makeTransformErrors(compiled.titles, (title) => t('form.required', { title }), compiled.patternMessages),
    [compiled, t],
  );
  const validator = useMemo(() => formValidator(lang), [lang]);
  return { widgets, translateString, transformErrors, validator };
}
