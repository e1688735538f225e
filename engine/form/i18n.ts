/**
 * Localised rjsf (DESIGN §2 forms: "zh translateString; ajv-i18n"): a `translateString` over the UI strings
 * of src/app/locales/<lang>/form.json (`rjsf.<TranslatableString name>`), validators whose ajv messages are
 * localised by ajv-i18n, and a `transformErrors` that names each field by its title, never its key.
 * Pure TS: callers pass the messages (no i18next import here).
 */
import { englishStringTranslator, replaceStringParameters, TranslatableString, type RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import localizeZh from 'ajv-i18n/localize/zh';

/** Name of each TranslatableString value (`"Add Item"` → `AddItemButton`). */
const NAMES = new Map<string, string>(Object.entries(TranslatableString).map(([name, value]) => [value as string, name]));

/**
 * A rjsf `translateString` from `messages` (TranslatableString name → text with `%1`, `%2` placeholders);
 * a string without a message falls back to rjsf's English.
 * @example makeTranslateString({AddItemButton: '添加一行'})(TranslatableString.AddItemButton) === '添加一行'
 */
export function makeTranslateString(messages: Record<string, string>): (str: TranslatableString, params?: string[]) => string {
  return (str, params) => {
    const text = messages[NAMES.get(str) ?? ''];
    return text === undefined ? englishStringTranslator(str, params) : replaceStringParameters(text, params);
  };
}

const validators = new Map<string, ReturnType<typeof customizeValidator>>();

/** The rjsf validator (ajv8, formats on) whose messages are in `locale` (zh-CN via ajv-i18n; en-US ajv's own). */
export function formValidator(locale: string) {
  const key = locale === 'zh-CN' ? 'zh' : 'en';
  let v = validators.get(key);
  if (!v) validators.set(key, (v = key === 'zh' ? customizeValidator({}, localizeZh as never) : customizeValidator()));
  return v;
}

/** Top-level field of an rjsf error property (`.people` / `people.0.name` → `people`). */
export function errorField(e: Pick<RJSFValidationError, 'property' | 'params'>): string {
  const prop = (e.property ?? '').replace(/^\./, '');
  const first = prop.split(/[.[]/)[0];
  return first || String((e.params as { missingProperty?: string } | undefined)?.missingProperty ?? '');
}

/** Field path of an rjsf error without row indexes (`.people.0.name` → `people.name`), as CompiledForm.patternMessages keys it. */
export function errorPath(e: Pick<RJSFValidationError, 'property'>): string {
  return (e.property ?? '')
    .split(/[.[\]]/)
    .filter((s) => s && !/^\d+$/.test(s))
    .join('.');
}

/**
 * A rjsf `transformErrors` naming fields by title: each message has the field key (ajv quotes property
 * names, e.g. `应当有必需属性 title`) replaced by its title, and `stack` is `<title>: <message>`. `requiredText`
 * (e.g. `请填写{{title}}` already formatted per field by the caller) replaces ajv's required message, and a
 * field's `x-pattern-message` (`patternMessages`, by errorPath) replaces ajv's message of a failed pattern.
 */
export function makeTransformErrors(titles: Record<string, string>, requiredText?: (title: string) => string, patternMessages: Record<string, string> = {}) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((e) => {
      const field = errorField(e);
      const missing = (e.params as { missingProperty?: string } | undefined)?.missingProperty;
      const title = titles[missing ?? field] ?? e.title ?? field;
      let message = e.message ?? '';
      const patternMessage = e.name === 'pattern' ? patternMessages[errorPath(e)] : undefined;
      if (e.name === 'required' && requiredText) message = requiredText(title);
      else if (patternMessage) message = patternMessage;
      else if (missing) message = message.split(missing).join(title);
      return { ...e, title, message, stack: `${title}: ${message}` };
    });
}
