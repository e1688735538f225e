/**
 * Client call of 公文检索 (src/areas/document/server/api/search.ts `document/search`). Goes through the engine host's call (engine/host.ts)
 * (refusals toast and reject with an ApiError).
 */
import type { SearchHit, SearchPage, SearchQuery } from '../../shared/types';
import { host } from '../../../../../engine/host';

/** What document/search asks, one hit, a page (src/areas/document/shared/types.ts). */
export type { SearchQuery as DocSearchQuery, SearchHit as DocSearchHit, SearchPage as DocSearchPage };

/** document/search. */
export const docSearchApi = {
  search: (q: SearchQuery) => host().call<SearchPage>('document/search', q),
};
