/**
 * The panel's search: the filter being run and its matches with geometry, shown on the map as they
 * arrive. The list of what it finds is read a page at a time beside the results (useResultPages).
 * Each run asks anew, and a newer run cancels the older one's requests, so typing fast never shows
 * an older term's results.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AdditionalRestrictions, FilterDefinition } from '@manway/core/api/filters';
import { useGetFilterMapResultsQuery } from './api/filterResults';
import type { SearchMap } from './searchMap';

export const SIMPLE_RESULTS_PAGE_SIZE = 25;

export type SearchMode = 'highlight' | 'filter';

export interface Search {
  definition: FilterDefinition;
  mode: SearchMode;
  /** The saved filter it came from, if any. */
  savedName: string | null;
  /** A search handed over by another page (a dashboard's drill-down): what it is, and the ids it is narrowed to. */
  title?: string;
  restrictions?: AdditionalRestrictions;
  /** The size of the list's first page. */
  pageSize: number;
  /** Tells the runs apart: the same search run again is asked anew. */
  run: number;
}

/** `first`: a search to run from the start (one handed over by another page). */
export function useSearchRun(map: SearchMap, first?: Omit<Search, 'run'>) {
  const [search, setSearch] = useState<Search | null>(() => (first ? { ...first, run: 1 } : null));
  const runs = useRef(first ? 1 : 0);
  const onMap = useGetFilterMapResultsQuery(
    search ? { filter: search.definition, additionalRestrictions: search.restrictions, run: search.run } : skipToken,
  );
  const mapResults = onMap.currentData ?? null;
  const mapFailed = onMap.isError;

  useEffect(() => {
    if (!search) return;
    if (mapResults) map.showSearchResults(mapResults, search.mode);
    // The last search's marks would pass for this one's.
    else if (mapFailed) map.showSearchResults(null, search.mode);
  }, [map, search, mapResults, mapFailed]);

  const start = useCallback(
    (
      definition: FilterDefinition,
      mode: SearchMode,
      {
        savedName = null,
        pageSize = SIMPLE_RESULTS_PAGE_SIZE,
        title,
        restrictions,
      }: {
        savedName?: string | null;
        pageSize?: number;
        title?: string;
        restrictions?: AdditionalRestrictions;
      } = {},
    ) => setSearch({ definition, mode, savedName, pageSize, title, restrictions, run: ++runs.current }),
    [],
  );

  const clear = useCallback(() => {
    setSearch(null);
    map.showSearchResults(null, 'highlight');
  }, [map]);

  return { search, mapResults, start, clear };
}
