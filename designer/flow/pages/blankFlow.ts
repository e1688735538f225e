/**
 * A blank flow definition for the designer's 新建流程: start → end for entity `entity`, its texts
 * keyed below the flow id (`<id>.title`, `<id>.node.start`, `<id>.node.end`) with the given defaults, and the
 * default work-item title template (the form's name and the initiator's). Pure.
 */
import type { FlowDef } from '../../../engine/flow/types';
import { DEFAULT_TITLE_TEMPLATE } from '../../../engine/flow/title';

/** The blank flow `id` (format of schemas/_meta/flow.schema.json); `names` are the start and end titles. */
export function blankFlow(id: string, entity: string, title: string, names: { start: string; end: string }): FlowDef {
  return {
    $schema: '../../_meta/flow.schema.json',
    schemaVersion: 1,
    id,
    kind: 'flow',
    title: { t: `${id}.title`, d: title, cel: DEFAULT_TITLE_TEMPLATE },
    entity,
    nodes: [
      { id: 'start', type: 'start', title: { t: `${id}.node.start`, d: names.start } },
      { id: 'end', type: 'end', title: { t: `${id}.node.end`, d: names.end } },
    ],
  } as FlowDef;
}
