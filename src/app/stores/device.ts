/** Device class by SPEC §9 breakpoints: mobile ≤ 600 px, tablet ≤ 992 px, otherwise desktop. */
import { atom } from 'jotai';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '@shared/constants';

export type Device = 'mobile' | 'tablet' | 'desktop';

/** The device class of a viewport width. */
export function deviceOf(width: number): Device {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

/** The current device class, updated on resize (throttled 100 ms). */
export const deviceAtom = atom<Device>(typeof window === 'undefined' ? 'desktop' : deviceOf(window.innerWidth));
