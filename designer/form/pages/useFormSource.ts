/**
 * What the form design page edits: form `id`'s draft when there is one (Template/draft), else its
 * current revision (Template/revisions → Template/revision; revision 0 = the shipped base, or the empty
 * skeleton of a designer-made form), read back into a designer state with fromFormPage. The en-US texts come
 * from the stored version (`texts`) over the served page's en-US texts, so a label nobody touched keeps its
 * shipped English; the shared dictionaries the fields name come from the served page (Template/page).
 */
import { useCallback, useEffect, useState } from 'react';
import type { DictDef } from '../../../engine/schema/types';
import { fromFormPage, type FormDesignState } from '../model';
import { formsetApi, type FormDefinition, type FormRevisions } from './api';

/** Where the state being edited came from. */
export type FormOrigin = { kind: 'draft'; updatedAt: number } | { kind: 'revision'; revision: number };

/** A loaded form: the design, where it came from, the revisions answer and the shared dictionaries. */
export interface FormSource {
  state: FormDesignState;
  origin: FormOrigin;
  revisions: FormRevisions;
  /** Dictionaries the fields name that the form does not own (preview, condition builder). */
  sharedDicts: DictDef[];
  /** Bumped on every load (remounts the designer). */
  loadNo: number;
}

/** The design state of a stored definition with the en-US texts `en`. */
export function stateOf(def: FormDefinition, en: Record<string, string>): FormDesignState {
  const texts = { 'en-US': { ...en, ...(def.texts?.['en-US'] ?? {}) } };
  return fromFormPage(def.page, def.entity.model, texts, def.dicts ?? []);
}

/** Loads form `id` (see the module comment); `error` when it cannot be loaded. */
export function useFormSource(id: string): { source: FormSource | null; error: string | null; reload: () => Promise<void> } {
  const [source, setSource] = useState<FormSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    if (!id) return;
    setError(null);
    try {
      const revisions = await formsetApi.revisions(id);
      const [draft, bundle, en] = await Promise.all([
        revisions.draft ? formsetApi.draft(id) : Promise.resolve(null),
        formsetApi.bundle(id).catch(() => null),
        formsetApi.pageTextsIn(id, 'en-US'),
      ]);
      let def: FormDefinition;
      let origin: FormOrigin;
      if (draft) {
        def = draft.definition;
        origin = { kind: 'draft', updatedAt: draft.updatedAt };
      } else {
        def = (await formsetApi.revision(id, revisions.current)).definition;
        origin = { kind: 'revision', revision: revisions.current };
      }
      const owned = new Set((def.dicts ?? []).map((d) => d.id));
      const sharedDicts = (bundle?.dicts ?? []).filter((d) => !owned.has(d.id));
      setSource((s) => ({ state: stateOf(def, en), origin, revisions, sharedDicts, loadNo: (s?.loadNo ?? 0) + 1 }));
    } catch (e) {
      setError((e as Error).message || id);
    }
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { source, error, reload };
}
