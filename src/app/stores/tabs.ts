/** Open tabs (SPEC §2.4) and the re-mount versions used by refresh. */
import { atom } from 'jotai';
import { initialTabs, type TabsState } from '../components/tabs/tabsModel';

/** Open tabs and the active one. */
export const tabsAtom = atom<TabsState>(initialTabs());

/** Per tab id, a counter bumped to re-mount the tab's page (refresh, /redirect/*). */
export const tabVersionsAtom = atom<Record<string, number>>({});

/** True once the tabs of the signed-in user were restored (saving starts only then). */
export const tabsRestoredAtom = atom(false);
