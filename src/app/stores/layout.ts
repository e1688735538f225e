/** The layout setting of SPEC §3 and the open state of the layout drawer. */
import { atom } from 'jotai';
import { DEFAULT_LAYOUT, type LayoutSetting } from '@shared/constants';

/** The current layout setting (parsed from UserInfo.layout, saved through Person/saveLayout). */
export const layoutAtom = atom<LayoutSetting>({ ...DEFAULT_LAYOUT });

/** The layout drawer (gear in the header) is open. */
export const layoutDrawerOpenAtom = atom(false);

/** The mobile menu drawer is open. */
export const mobileMenuOpenAtom = atom(false);

/** The header is hidden by scrolling down (option hideHeaderOnScroll). */
export const headerHiddenAtom = atom(false);
