/**
 * The panel's search: the filter being run and its matches with geometry, shown on the map as they
 * arrive. The list of what it finds is read a page at a time beside the results (useResultPages).
 * Each run asks anew, and a newer run cancels the older one's requests, so typing fast never shows
 * an older term's results.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { FilterDefinition } from '@manway/core/api/filters';
import { useGetFilterMapResultsQuery } from './api/filterResults';
import type { SearchMap } from './searchMap';

export const SIMPLE_RESULTS_PAGE_SIZE = 25;

export type SearchMode = 'highlight' | 'filter';

export interface Search {
  definition: FilterDefinition;
  mode: SearchMode;
  /** The saved filter it came from, if any. */
  savedName: string | null;
  /** The size of the list's first page. */
  pageSize: number;
  /** Tells the runs apart: the same search run again is asked anew. */
  run: number;
}

export function useSearchRun(map: SearchMap) {
  const [search, setSearch] = useState<Search | null>(null);
  const runs = useRef(0);
  const onMap = useGetFilterMapResultsQuery(search ? { filter: search.definition, run: search.run } : skipToken);
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
      { savedName = null, pageSize = SIMPLE_RESULTS_PAGE_SIZE }: { savedName?: string | null; pageSize?: number } = {},
    ) => setSearch({ definition, mode, savedName, pageSize, run: ++runs.current }),
    [],
  );

  const clear = useCallback(() => {
    setSearch(null);
    map.showSearchResults(null, 'highlight');
  }, [map]);

  return { search, mapResults, start, clear };
}
