/**
 * Helpers of the form page (no React): record ↔ form data, the combined rjsf formContext, and the check that
 * every widget a compiled form names is registered (DESIGN §3: an unknown key names the page and path).
 */
import type { EntityRecord, RefNames } from '../../data/api';
import type { CompiledForm } from '../../form';
import type { PageBundle } from '../../schema/bundle';
import type { LayoutNode } from '../../schema/types';
import type { BundleText } from '../text';

/** rjsf formContext of engine forms: what widgets (FormContext) and the layout template (LayoutContext) read. */
export interface EngineFormContext {
  bundle: PageBundle;
  refs: RefNames;
  layout: LayoutNode[];
  tx: BundleText;
  /** The values being edited, read when a widget needs another field's value (a getter: always the latest). */
  readonly formData?: Record<string, unknown>;
}

/** Form data of a stored record: the form's fields only, nulls dropped (JSON Schema types reject null). */
export function recordToForm(record: EntityRecord, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (record[f] !== null && record[f] !== undefined) out[f] = record[f];
  return out;
}

/**
 * The body to store: the form's fields, undefined dropped — except a field the user emptied in a stored record
 * (`loaded`, the form data as it was read): rjsf turns an emptied input into undefined, and edit calls change only
 * the fields they are sent, so it goes as `null`, which clears it (src/server/engine/validation.ts).
 */
export function formToRecord(data: Record<string, unknown>, fields: string[], loaded?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (data[f] !== undefined) out[f] = data[f];
    else if (loaded && loaded[f] !== undefined && loaded[f] !== null) out[f] = null;
  }
  return out;
}

/** The first field whose widget is not registered, with its layout path, or null. */
export function unknownWidget(compiled: CompiledForm, known: (key: string) => boolean): { field: string; widget: string; path: string } | null {
  for (const f of compiled.fields) {
    const place = compiled.places[f];
    if (place.widget !== 'subtable' && !known(place.widget)) return { field: f, widget: place.widget, path: place.path };
  }
  return null;
}

/** Whether two form data differ (JSON comparison; key order of the same record is stable). */
export function differs(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}
