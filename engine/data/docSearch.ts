/**
 * Client call of 公文检索 (src/server/api/document/search.ts `document/search`). Goes through the app's HTTP layer
 * (refusals toast and reject with an ApiError).
 */
import { post } from '../../src/app/services/http';
import type { SearchHit, SearchPage, SearchQuery } from '../../src/shared/document';

/** What document/search asks, one hit, a page (src/shared/document.ts). */
export type { SearchQuery as DocSearchQuery, SearchHit as DocSearchHit, SearchPage as DocSearchPage };

/** document/search. */
export const docSearchApi = {
  search: (q: SearchQuery) => post<SearchPage>('document/search', q),
};
