/**
 * What the flow pages (阅办单, 流程日志, 正文, 流程图) read of one instance: the view (flow/info, refused with
 * the server's message unless the caller may see it), its log (flow/log) and the names of the people they
 * show; node titles from the definition in the bundle's language; and the opinions grouped by step.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { indexFlow, type FlowDef } from '../../flow';
import type { Text } from '../../schema/types';
import { flowApi, type FlowLogEntry, type InstanceView } from '../../data/flow';
import { selector } from '../../data/api';
import { peopleOf } from '../approval/model';

/** The loaded instance, or why it could not be read. */
export interface InstanceState {
  view: InstanceView | null;
  log: FlowLogEntry[];
  /** The server's refusal (or a network failure), null when loaded or loading. */
  error: string | null;
  loading: boolean;
  reload: () => void;
  userName: (id: number) => string;
}

/** Loads instance `id` (nothing when undefined) with its log and the names of its people. */
export function useInstance(id: number | undefined, failed: string): InstanceState {
  const [view, setView] = useState<InstanceView | null>(null);
  const [log, setLog] = useState<FlowLogEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [names, setNames] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setView(null);
    setLog([]);
    setError(null);
    if (!id) return;
    let live = true;
    setLoading(true);
    // The log only after the view: a refused instance answers one refusal (one toast), not two.
    flowApi
      .info(id)
      .then((v) =>
        flowApi.log(id).then(
          (l) => [v, l] as const,
          () => [v, [] as FlowLogEntry[]] as const,
        ),
      )
      .then(([v, l]) => {
        if (!live) return;
        setView(v);
        setLog(Array.isArray(l) ? l : []);
      })
      .catch((e: unknown) => live && setError(e instanceof Error && e.message ? e.message : failed))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, attempt, failed]);

  useEffect(() => {
    if (!view) return;
    const known = new Set(log.filter((e) => e.actor !== null && e.actorName).map((e) => String(e.actor)));
    const ask = peopleOf(
      view.state,
      log.map((e) => e.detail),
    ).filter((u) => !known.has(String(u)));
    if (!ask.length) return;
    selector.getlist({ users: ask }).then(
      (r) => setNames((n) => ({ ...n, ...(r?.users ?? {}) })),
      () => undefined,
    );
  }, [view, log]);

  const logNames = useMemo(() => new Map(log.filter((e) => e.actor !== null && e.actorName).map((e) => [String(e.actor), e.actorName as string])), [log]);
  const userName = useCallback((u: number) => names[String(u)] ?? logNames.get(String(u)) ?? String(u), [names, logNames]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { view, log, error, loading, reload, userName };
}

/** Titles of the nodes and branches of `def`, by id, through `tx`. */
export function nodeTitles(def: FlowDef, tx: (t: Text) => string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, loc] of indexFlow(def).nodes) {
    out.set(id, tx(loc.node.title));
    if (loc.node.type === 'branch' || loc.node.type === 'parallel') for (const b of loc.node.branches ?? []) out.set(b.id, tx(b.title));
  }
  return out;
}

/** One opinion of a step: who, when, what they did, what they wrote. */
export interface StepOpinion {
  id: number;
  actor: number | null;
  actorName: string | null;
  at: number;
  type: string;
  /** The step the event names (for the name of a completion: ../approval/labels.ts). */
  nodeId: string | null;
  opinion: string;
  /** 委托: the user the actor acted for (代 …). */
  onBehalfOf?: number;
}

/** The opinions of one step (node) in the order they were given. */
export interface StepOpinions {
  nodeId: string;
  opinions: StepOpinion[];
}

/** Events whose opinion is a draft nobody sent (暂存) are left out. */
const UNSENT = new Set(['saveDraft']);

/**
 * The opinions of `log` grouped by step, steps in the order of their first opinion. Events without a node
 * (发起, 撤回, 发表意见 of the initiator) belong to the start node `startId`.
 */
export function opinionsByStep(log: readonly FlowLogEntry[], startId: string): StepOpinions[] {
  const groups = new Map<string, StepOpinion[]>();
  for (const e of log) {
    const text = e.opinion?.trim();
    if (!text || UNSENT.has(e.type)) continue;
    const node = e.nodeId ?? startId;
    if (!groups.has(node)) groups.set(node, []);
    const onBehalfOf = e.detail?.onBehalfOf;
    groups.get(node)!.push({
      id: e.id,
      actor: e.actor,
      actorName: e.actorName,
      at: e.at,
      type: e.type,
      nodeId: e.nodeId,
      opinion: text,
      ...(typeof onBehalfOf === 'number' ? { onBehalfOf } : {}),
    });
  }
  return [...groups].map(([nodeId, opinions]) => ({ nodeId, opinions }));
}

/** A query parameter (`?id=`) as a positive integer, else undefined. */
export function positiveId(v: string | null): number | undefined {
  return v && /^\d+$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647 ? Number(v) : undefined;
}
