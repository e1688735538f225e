/**
 * The entity model of a flow for the designer (field permissions, condition types) and the entity's title:
 * from the form page editing the entity (Template/list → Template/page), else the entity's fields
 * (Template/fieldinfo) as a plain model; none while loading or for a flow without an entity. With the form page
 * come the area's texts in the reader's language, so the designer shows a flow's titles as its other pages do.
 */
import { useEffect, useState } from 'react';
import type { EntityModel, FieldKind, ModelProperty } from '../../../engine/schema/types';
import { loadPage } from '../../../engine/data/api';
import { textOf } from '../../../engine/schema/text';
import { flowsetApi, type FormTemplate } from './api';

/**
 * What useFlowModel answers: `model` undefined until known; `entityTitle` the entity's title in the reader's
 * language when a form page names it.
 */
export interface FlowModelState {
  model?: EntityModel;
  entityTitle?: string;
  /** The texts of the entity's area in the reader's language (key → text), as the flow's other pages read them. */
  texts?: Record<string, string>;
  loading: boolean;
}

/**
 * Titles in the reader's language of the entities of `forms` (Template/page of one form per entity); entities
 * whose page fails to load are left out.
 */
export async function entityTitles(forms: FormTemplate[]): Promise<Map<string, string>> {
  const one = [...new Map(forms.map((f) => [f.entity, f])).values()];
  const pairs = await Promise.all(
    one.map((f) =>
      loadPage({ id: f.id }).then(
        (b) => (b.entity ? ([f.entity, textOf(b.entity.title, b.texts)] as const) : null),
        () => null,
      ),
    ),
  );
  return new Map(pairs.filter((p): p is readonly [string, string] => !!p));
}

/** Builds a model from Template/fieldinfo rows (labels already localised). */
function modelOfFields(rows: Awaited<ReturnType<typeof flowsetApi.fields>>): EntityModel {
  const properties: Record<string, ModelProperty> = {};
  for (const r of rows) {
    properties[r.field] = {
      type: r.type.includes('|') ? r.type.split('|') : r.type,
      'x-title': { t: `field.${r.field}`, d: r.label },
      'x-kind': r.kind as FieldKind,
      ...(r.dict ? { 'x-dict': r.dict } : {}),
    };
  }
  return { type: 'object', properties, required: rows.filter((r) => r.required).map((r) => r.field) };
}

/** The model and texts of `entity` (see the module comment). */
export function useFlowModel(entity: string | null | undefined): FlowModelState {
  const [state, setState] = useState<FlowModelState>({ loading: !!entity });
  useEffect(() => {
    if (!entity) {
      setState({ loading: false });
      return;
    }
    let live = true;
    setState({ loading: true });
    (async (): Promise<FlowModelState> => {
      const form = (await flowsetApi.forms()).find((f) => f.entity === entity);
      if (form) {
        const b = await loadPage({ id: form.id });
        if (b.entity?.model) return { model: b.entity.model, entityTitle: textOf(b.entity.title, b.texts), texts: b.texts, loading: false };
      }
      return { model: modelOfFields(await flowsetApi.fields(entity)), loading: false };
    })()
      .catch(() => ({ loading: false }))
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [entity]);
  return state;
}
