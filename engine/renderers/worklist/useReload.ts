/**
 * The reload rules every work list shares (engine/renderers/WorkListPage.tsx, ./DeclaredWorkList.tsx): read again on
 * `reload()`, when the window regains focus (an item handled in another tab) and when a reminder arrives (the bell's
 * newest message id grows: a new task, return or urge); after one's own action also the menu badges (no reminder
 * refreshes them then).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { host } from '../../host';

/** `round` grows on every reload (a dependency of the list's effect); `reload` and `afterAction` as above. */
export function useWorkListReload(): { round: number; reload: () => void; afterAction: () => void } {
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const afterAction = useCallback(() => {
    reload();
    host()
      .refreshBadges()
      .catch(() => undefined);
  }, [reload]);

  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  const lastReminder = host().useReminders().lastId;
  const seenReminder = useRef(lastReminder);
  useEffect(() => {
    if (lastReminder > seenReminder.current) reload();
    seenReminder.current = lastReminder;
  }, [lastReminder, reload]);

  return { round, reload, afterAction };
}
