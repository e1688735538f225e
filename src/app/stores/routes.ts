/**
 * State of the areas' route tree (Menu/routes) that router/routeTable.ts holds: components read it to re-render
 * when the tree arrives or changes (after sign-in, after a language switch).
 */
import { atom } from 'jotai';

/** `status` of the last load and a `version` bumped on every change of the route table. */
export const routeTreeAtom = atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; version: number }>({ status: 'idle', version: 0 });
