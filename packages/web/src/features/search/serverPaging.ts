import type { ResultsList } from '@manway/core/api/filters';
import type { GridParams } from '../../ui/grid/Grid';

/**
 * The grid params of a results list the server pages and sorts: the page shown, and as many pages
 * as the server's count fills (one while the first answer is awaited).
 */
export function serverPagedParams(list: ResultsList | null, pageIndex: number, pageSize: number): GridParams {
  return {
    manualPagination: true,
    manualSorting: true,
    page: { pageIndex, pageSize, pageCount: list ? Math.max(1, Math.ceil(list.count.shownCount / pageSize)) : 1 },
  };
}
