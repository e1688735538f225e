/**
 * Undo / redo of the form designer: a bounded history of design states. Pure TS.
 */
import type { FormDesignState } from './types';

/** Past states (oldest first), the present one, and the undone ones (next redo first). */
export interface History<S = FormDesignState> {
  past: S[];
  present: S;
  future: S[];
  /** Most past states kept (the oldest are dropped beyond it). */
  limit: number;
}

/** A history starting at `state`, keeping at most `limit` undo steps (default 100). */
export function createHistory<S = FormDesignState>(state: S, limit = 100): History<S> {
  return { past: [], present: state, future: [], limit: Math.max(1, limit) };
}

/** Records `next` as the present (the redo list is cleared); the same history when `next` is the present. */
export function commit<S>(h: History<S>, next: S): History<S> {
  if (next === h.present) return h;
  const past = [...h.past, h.present];
  return { ...h, past: past.length > h.limit ? past.slice(past.length - h.limit) : past, present: next, future: [] };
}

/** Back one step (the same history when there is nothing to undo). */
export function undo<S>(h: History<S>): History<S> {
  if (!h.past.length) return h;
  return { ...h, past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

/** Forward one undone step (the same history when there is nothing to redo). */
export function redo<S>(h: History<S>): History<S> {
  if (!h.future.length) return h;
  return { ...h, past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}

export const canUndo = (h: History<unknown>): boolean => h.past.length > 0;
export const canRedo = (h: History<unknown>): boolean => h.future.length > 0;
