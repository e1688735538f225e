/**
 * The definition lint of an approval page's 稿纸 layout (ApprovalPageDef.paper): the page has its entity; every field cell names a field of the page's entity, at most once; a row's
 * spans fit `columns`; opinion box ids are unique and their `nodes` (and a people cell's `people`) are steps of a flow over the entity. Pure.
 */
import type { ApprovalPageDef, FlowDef } from './types';
import { checkField, type Ctx } from './lintContext';

/** Lints `page.paper` into `ctx` (see the module comment). */
export function lintPaper(ctx: Ctx, page: ApprovalPageDef): void {
  const { add, file, registry } = ctx;
  const paper = page.paper;
  if (!paper) return;
  if (!page.entity) return add(file, '/paper', "the 稿纸 needs the page's entity and form");
  const model = registry.get('entity', page.entity)?.model;
  const steps = new Set(
    registry.entries
      .map((e) => e.def)
      .filter((d): d is FlowDef => d.kind === 'flow' && (d as FlowDef).entity === page.entity)
      .flatMap((f) => f.nodes.map((n) => n.id)),
  );
  const fields = new Set<string>();
  const boxes = new Set<string>();
  paper.rows.forEach((row, r) => {
    const width = row.reduce((sum, c) => sum + (c.span ?? 1), 0);
    if (width > paper.columns) add(file, `/paper/rows/${r}`, `the row's spans add up to ${width}, more than the ${paper.columns} columns`);
    row.forEach((cell, c) => {
      const at = `/paper/rows/${r}/${c}`;
      if ('field' in cell) {
        checkField(ctx, model, cell.field, `${at}/field`, page.entity ?? '');
        if (fields.has(cell.field)) add(file, `${at}/field`, `field "${cell.field}" is placed twice`);
        fields.add(cell.field);
        return;
      }
      if ('people' in cell) {
        cell.people.forEach((n, i) => {
          if (!steps.has(n)) add(file, `${at}/people/${i}`, `"${n}" is not a step of any flow over ${page.entity}`);
        });
        return;
      }
      if (boxes.has(cell.opinion)) add(file, `${at}/opinion`, `opinion box "${cell.opinion}" is declared twice`);
      boxes.add(cell.opinion);
      cell.nodes.forEach((n, i) => {
        if (!steps.has(n)) add(file, `${at}/nodes/${i}`, `"${n}" is not a step of any flow over ${page.entity}`);
      });
    });
  });
}
