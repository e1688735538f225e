/**
 * What the canvas pieces and panels of the flow designer share: the command runner, the selection and the
 * definition being edited (a React context, set by FlowDesigner).
 */
import { createContext, useContext } from 'react';
import type { FlowDef } from '../../engine/flow/types';
import type { EntityModel, Text } from '../../engine/schema/types';
import type { FlowCommand } from './model';
import type { AssigneeNames } from './assigneeNames';

/** What is selected: a node (by id) or a branch (by id). */
export type Selection = { kind: 'node' | 'branch'; id: string } | null;

/** The designer's shared state. */
export interface DesignerContextValue {
  def: FlowDef;
  /** Runs a command; a refusal is shown as a message, answered false. */
  run: (cmd: FlowCommand) => boolean;
  selection: Selection;
  select: (s: Selection) => void;
  /** A definition text in the reader's language. */
  text: (t: Text) => string;
  /** Names of the users, roles and positions the assignee rules choose (as far as loaded). */
  names: AssigneeNames;
  /** The flow's entity model (field titles). */
  model?: EntityModel;
}

export const DesignerContext = createContext<DesignerContextValue | null>(null);

/** The designer's shared state. @throws Error outside FlowDesigner. */
export function useDesigner(): DesignerContextValue {
  const v = useContext(DesignerContext);
  if (!v) throw new Error('useDesigner outside FlowDesigner');
  return v;
}
