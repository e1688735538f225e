/**
 * What the widgets read beyond their own props: the page bundle (dictionaries, texts) and the names of the
 * users and departments the record refers to (`_refs` of an info answer). Passed as rjsf `formContext`.
 */
import type { WidgetProps } from '@rjsf/utils';
import type { PageBundle } from '../engine/schema/bundle';
import type { RefNames } from '../engine/data/api';

/** rjsf formContext of engine forms. */
export interface FormContext {
  bundle: PageBundle;
  /** Names of referenced users / departments by id (the record's `_refs`), grown as people are picked. */
  refs: RefNames;
}

/** The formContext of a widget's props (an empty one outside engine forms). */
export function formContextOf(props: Pick<WidgetProps, 'registry'>): FormContext | undefined {
  return props.registry?.formContext as FormContext | undefined;
}

/** `ui:options` of a compiled field (engine/form compileForm). */
export interface FieldOptions {
  kind?: string;
  dict?: string;
  nodeId?: string;
  path?: string;
  hidden?: boolean;
}
