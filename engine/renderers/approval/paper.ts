/**
 * Helpers of the 稿纸 layout of the approval page (ApprovalPageDef `paper`): the cells of a row with the
 * last one stretched to the row's end, the fields the grid does not place, the opinions given at some steps and who
 * completed them, from the flow log. Pure TS.
 */
import type { PaperCell, PaperLayout } from '../../schema/types';
import type { FlowLogEntry } from '../../data/flow';

/** Events at a step that show in its opinion box even without an opinion (the step was completed). */
const COMPLETING = new Set(['start', 'approve', 'signFor']);

/** Column span of each cell of `row` on `columns` columns; the last cell takes what the row leaves. */
export function rowSpans(row: readonly PaperCell[], columns: number): number[] {
  const spans = row.map((c) => Math.max(1, Math.min(columns, c.span ?? 1)));
  const used = spans.reduce((a, b) => a + b, 0);
  if (spans.length && used < columns) spans[spans.length - 1] += columns - used;
  return spans;
}

/** The names of the fields the grid places. */
export function placedFields(paper: PaperLayout): Set<string> {
  return new Set(paper.rows.flatMap((row) => row.flatMap((c) => ('field' in c ? [c.field] : []))));
}

/** One opinion shown in a box: who, what, when (ms), their signature file id. */
export interface PaperOpinion {
  id: number;
  actor: number | null;
  actorName: string | null;
  opinion: string;
  at: number;
  signature?: string;
}

/** The opinions given at `nodes`, oldest first: entries with an opinion, and completions without one. */
export function opinionsAt(entries: readonly FlowLogEntry[], nodes: readonly string[]): PaperOpinion[] {
  const at = new Set(nodes);
  return entries
    .filter((e) => e.nodeId !== null && at.has(e.nodeId) && (e.opinion?.trim() || COMPLETING.has(e.type)))
    .map((e) => ({
      id: e.id,
      actor: e.actor,
      actorName: e.actorName,
      opinion: e.opinion?.trim() ?? '',
      at: e.at,
      ...(typeof e.detail?.signature === 'string' ? { signature: e.detail.signature } : {}),
    }));
}

/**
 * Who completed `nodes` (their ids, each once, in order): the actors of completing events there, and `initiator`
 * for a start step listed in `startNodes`.
 */
export function peopleAt(entries: readonly FlowLogEntry[], nodes: readonly string[], startNodes: ReadonlySet<string>, initiator: number): number[] {
  const out: number[] = nodes.some((n) => startNodes.has(n)) ? [initiator] : [];
  const at = new Set(nodes.filter((n) => !startNodes.has(n)));
  for (const e of entries) if (e.nodeId !== null && at.has(e.nodeId) && COMPLETING.has(e.type) && e.actor !== null && !out.includes(e.actor)) out.push(e.actor);
  return out;
}
