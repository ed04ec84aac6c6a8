/**
 * The list of what a run finds, a page at a time, with its search count. The hook lives as long as
 * its run (the results are keyed by it), so the page shown stays while the next one loads and a
 * new run starts from 'Searching…'.
 */
import { useState } from 'react';
import type { ResultsList } from '@manway/core/api/filters';
import { useGetResultsListQuery, type ListPage } from './api/filterResults';
import type { Search } from './useSearchRun';

export interface ResultPages {
  list: ResultsList | null;
  /** The page the list shows, which the user pages from. */
  listPage: ListPage;
  loading: boolean;
  failed: boolean;
  showPage(page: ListPage): void;
}

export function useResultPages(search: Search): ResultPages {
  const [requested, setRequested] = useState<ListPage>({ page: 0, pageSize: search.pageSize });
  const answer = useGetResultsListQuery({
    filter: search.definition,
    additionalRestrictions: search.restrictions,
    run: search.run,
    ...requested,
  });
  // This run's latest answer, whichever page it holds.
  const list = answer.data ?? null;
  return {
    list,
    listPage: list ? { ...requested, page: list.page, pageSize: list.pageSize } : requested,
    loading: answer.isFetching,
    failed: answer.isError,
    showPage: setRequested,
  };
}
