/**
 * 常用语 of the opinion box (the Words calls, src/areas/words/server): the caller's own phrases and the public ones, and saving
 * a new phrase of one's own. engine/data/flow.ts has no Words calls; these two are the approval page's.
 */
import { host } from '../../host';

/** One phrase as Words/getUserWord answers it. */
export interface UserWord {
  id: number;
  content: string;
  sort: number;
  isPublic: boolean;
  /** The caller's own phrase (else a public one). */
  mine: boolean;
}

/** The calls (see the module comment). */
export const wordsApi = {
  /** The caller's phrases and the public ones, by sort then id (at most 100). */
  list: () => host().call<UserWord[]>('Words/getUserWord', {}),
  /** Adds `content` as a phrase of the caller's own. */
  add: (content: string) => host().call<{ id: number }>('Words/save', { content }),
};
