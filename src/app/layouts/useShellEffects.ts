/**
 * Side effects of the shell: the device class on resize (throttled 100 ms, SPEC §9), hiding the header on
 * scroll down past 300 px and showing it on scroll up (option), saving the tabs, loading the departments.
 */
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { HEADER_HIDE_THRESHOLD_PX, RESIZE_THROTTLE_MS } from '@shared/constants';
import { deviceAtom, deviceOf } from '../stores/device';
import { headerHiddenAtom, layoutAtom } from '../stores/layout';
import { tabsAtom, tabsRestoredAtom } from '../stores/tabs';
import { departmentsAtom, userAtom } from '../stores/user';
import { scheduleTabsSave } from '../services/tabsPersist';
import { api } from '../services/api';

/** Runs `fn` at most once per `ms` (trailing call kept). */
export function throttle<A extends unknown[]>(fn: (...a: A) => void, ms: number): (...a: A) => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return (...a: A) => {
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn(...a);
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        fn(...a);
      }, wait);
    }
  };
}

/** Whether the header should hide, given the previous and current scroll offsets (pure). */
export function headerHiddenAfterScroll(prevY: number, y: number, wasHidden: boolean): boolean {
  if (y <= HEADER_HIDE_THRESHOLD_PX) return false;
  if (y > prevY) return true;
  if (y < prevY) return false;
  return wasHidden;
}

/** Keeps the device atom in step with the viewport width. */
export function useDeviceWatcher(): void {
  const setDevice = useSetAtom(deviceAtom);
  useEffect(() => {
    const on = throttle(() => setDevice(deviceOf(window.innerWidth)), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', on);
    on();
    return () => window.removeEventListener('resize', on);
  }, [setDevice]);
}

/** The shell's effects (see the module comment). */
export function useShellEffects(): void {
  const layout = useAtomValue(layoutAtom);
  const setHidden = useSetAtom(headerHiddenAtom);
  const tabs = useAtomValue(tabsAtom);
  const restored = useAtomValue(tabsRestoredAtom);
  const user = useAtomValue(userAtom);
  const setDepartments = useSetAtom(departmentsAtom);

  useEffect(() => {
    if (!layout.hideHeaderOnScroll) {
      setHidden(false);
      return;
    }
    let prev = window.scrollY;
    let hidden = false;
    const on = () => {
      const y = window.scrollY;
      const next = headerHiddenAfterScroll(prev, y, hidden);
      prev = y;
      if (next !== hidden) {
        hidden = next;
        setHidden(next);
      }
    };
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
  }, [layout.hideHeaderOnScroll, setHidden]);

  useEffect(() => {
    if (restored) scheduleTabsSave(tabs.tabs);
  }, [tabs.tabs, restored]);

  const userKey = user ? `${user.id}:${user.dept_id ?? ''}` : '';
  useEffect(() => {
    if (!userKey) return;
    api
      .getDepartments()
      .then(setDepartments)
      .catch(() => undefined);
  }, [userKey, setDepartments]);
}
