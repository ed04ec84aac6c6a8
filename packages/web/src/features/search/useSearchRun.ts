/**
 * Runs a filter for the panel: the page of the list with its search count (results/list) and the
 * matches with geometry for the map (results/map), together. An answer to a search the user has
 * since replaced is dropped, so typing fast never shows an older term's results.
 */
import { useCallback, useRef, useState } from 'react';
import type { FilterDefinition, ResultsList } from '@manway/core/api/filters';
import type { MapResults } from '@manway/core/api/map';
import { useAppDispatch } from '../../shell/store/hooks';
import { getFilterMapResults } from './api/getFilterMapResults';
import { getResultsList } from './api/getResultsList';
import type { SearchMap } from './searchMap';

export const SIMPLE_RESULTS_PAGE_SIZE = 25;

export interface ListPage {
  page: number;
  pageSize: number;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
}

export interface SearchRun {
  definition: FilterDefinition;
  mode: 'highlight' | 'filter';
  /** The saved filter it came from, if any. */
  savedName: string | null;
  list: ResultsList | null;
  listPage: ListPage;
  mapResults: MapResults | null;
  loading: boolean;
  failed: boolean;
}

export function useSearchRun(map: SearchMap) {
  const dispatch = useAppDispatch();
  const [run, setRun] = useState<SearchRun | null>(null);
  const generation = useRef(0);

  const loadList = useCallback(
    async (definition: FilterDefinition, listPage: ListPage, gen: number) => {
      try {
        const list = await dispatch(getResultsList({ filter: definition, ...listPage }));
        if (gen === generation.current) setRun((r) => r && { ...r, list, listPage, loading: false });
      } catch {
        if (gen === generation.current) setRun((r) => r && { ...r, loading: false, failed: true });
      }
    },
    [dispatch],
  );

  const start = useCallback(
    (
      definition: FilterDefinition,
      mode: 'highlight' | 'filter',
      { savedName = null, pageSize = SIMPLE_RESULTS_PAGE_SIZE }: { savedName?: string | null; pageSize?: number } = {},
    ) => {
      const gen = ++generation.current;
      const listPage = { page: 0, pageSize };
      setRun({ definition, mode, savedName, list: null, listPage, mapResults: null, loading: true, failed: false });
      void loadList(definition, listPage, gen);
      dispatch(getFilterMapResults({ filter: definition })).then(
        (mapResults) => {
          if (gen !== generation.current) return;
          setRun((r) => r && { ...r, mapResults });
          map.showSearchResults(mapResults, mode);
        },
        () => {
          // The last search's marks would pass for this one's.
          if (gen === generation.current) map.showSearchResults(null, mode);
        },
      );
    },
    [dispatch, loadList, map],
  );

  const page = useCallback(
    (listPage: ListPage) => {
      if (!run) return;
      const gen = generation.current;
      setRun({ ...run, loading: true });
      void loadList(run.definition, listPage, gen);
    },
    [loadList, run],
  );

  const clear = useCallback(() => {
    generation.current++;
    setRun(null);
    map.showSearchResults(null, 'highlight');
  }, [map]);

  return { run, start, page, clear };
}
