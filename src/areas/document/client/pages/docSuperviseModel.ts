/**
 * What the 公文督办 dialogs (./DocSuperviseDialogs.tsx, ./DocSuperviseHistory.tsx) derive from a document's 督办 and
 * 催办 records (document/dbHistory, cbHistory; the rules of src/areas/document/server/services/supervisors.ts): its
 * current 督办人, its latest 督办期限, and one timeline of both histories. No React here.
 */
import type { SupervisionEntry, UrgeEntry } from '../data/document';

/**
 * The 督办人 of a document from its history (oldest first): the one named by the latest 'reassign' entry, else who
 * recorded the first 督办; null without entries.
 */
export function currentSupervisor(history: SupervisionEntry[]): { id: number; name: string | null } | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.kind === 'reassign' && h.supervisorId != null) return { id: h.supervisorId, name: h.supervisorName };
  }
  const first = history[0];
  return first ? { id: first.userId, name: first.userName } : null;
}

/** The deadline (epoch ms) of the latest 督办 that set one, or null. */
export function latestDeadline(history: SupervisionEntry[]): number | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.kind !== 'reassign' && h.deadline != null) return h.deadline;
  }
  return null;
}

/** One item of the 督办记录 timeline. */
export type TimelineItem = { kind: 'supervise' | 'reassign'; at: number; entry: SupervisionEntry } | { kind: 'urge'; at: number; entry: UrgeEntry };

/** 督办 entries and 催办 in one list, newest first (ties: 督办 entries after the 催办 of the same moment). */
export function timelineOf(history: SupervisionEntry[], urges: UrgeEntry[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...history.map((entry) => ({ kind: entry.kind === 'reassign' ? ('reassign' as const) : ('supervise' as const), at: entry.createdAt, entry })),
    ...urges.map((entry) => ({ kind: 'urge' as const, at: entry.at, entry })),
  ];
  return items.sort((a, b) => b.at - a.at || (a.kind === 'urge' ? -1 : 0) - (b.kind === 'urge' ? -1 : 0) || b.entry.id - a.entry.id);
}
