import { useMemo, useState } from 'react';
import { RESULTS_MAX_PAGE_SIZE, type ResultRow } from '@manway/core/api/filters';
import { Button } from '../../../ui/controls/Button';
import type { GridColumn } from '../../../ui/grid/columns';
import { Grid, type GridUpdate } from '../../../ui/grid/Grid';
import { useLazyGetFilterMapResultsQuery, useLazyGetResultIdsQuery } from '../api/filterResults';
import { SELECTION_LIMIT_TITLE, selectionLimitText } from '../searchTexts';
import type { SearchMap } from '../searchMap';
import { serverPagedParams } from '../serverPaging';
import type { ResultPages } from '../useResultPages';
import type { Search } from '../useSearchRun';

const SORT_PROPERTY: Record<string, string> = { readableId: 'assetId' };

/** The request layer has shown a failure; a cancelled request was replaced by a newer one. */
const ignore = () => {};

/**
 * A filter's results in the grid, paged and sorted by the server, with a selection (select all asks
 * for every id, up to the cap) that the map can show alone.
 */
export function ResultGrid({
  search,
  pages,
  map,
  onOpen,
}: {
  search: Search;
  pages: ResultPages;
  map: SearchMap;
  onOpen(row: ResultRow): void;
}) {
  const [fetchResultIds] = useLazyGetResultIdsQuery();
  const [fetchMapResults] = useLazyGetFilterMapResultsQuery();
  const [selected, setSelected] = useState<string[]>([]);
  const [capped, setCapped] = useState(false);
  const [showingSelected, setShowingSelected] = useState(false);

  const columns = useMemo<GridColumn<ResultRow>[]>(
    () => [
      {
        propertyPath: 'readableId',
        label: 'Asset ID',
        cellRenderer: ({ row }) => (
          <button type="button" className="mw-search__link" onClick={() => onOpen(row)}>
            {row.readableId}
          </button>
        ),
      },
      { propertyPath: 'properties.subtype', label: 'Subtype' },
      { propertyPath: 'properties.material', label: 'Material' },
      { propertyPath: 'properties.conditionGrade', label: 'Condition' },
    ],
    [onOpen],
  );

  const { list, listPage } = pages;
  const onUpdate = (u: GridUpdate) => {
    const sort = u.sortBy?.[0];
    const path = sort?.id.replace(/^properties\./, '');
    pages.showPage({
      page: u.page.index,
      // The grid offers 1000 a page; the server pages by at most 500.
      pageSize: Math.min(u.page.size, RESULTS_MAX_PAGE_SIZE),
      sortBy: path && (SORT_PROPERTY[path] ?? path),
      sortDirection: sort?.desc ? 'desc' : 'asc',
    });
  };

  const selectAll = async () => {
    const answer = await fetchResultIds(search.definition).unwrap();
    setSelected(answer.ids.map(String));
    setCapped(answer.selectionCapExceeded);
  };

  const showSelected = async (on: boolean) => {
    const results = await fetchMapResults({
      filter: search.definition,
      additionalRestrictions: on ? { ids: selected.map(Number) } : undefined,
      run: search.run,
    }).unwrap();
    map.showSearchResults(results, 'filter');
    setShowingSelected(on);
  };

  return (
    <div className="mw-search__grid">
      <div className="mw-search__actions">
        <Button onClick={() => void selectAll().catch(ignore)}>Select all</Button>
        {selected.length > 0 && (
          <>
            <span className="mw-search__selected" data-testid="search-selected">
              {selected.length} selected
            </span>
            <Button onClick={() => void showSelected(!showingSelected).catch(ignore)}>
              {showingSelected ? 'Show all results on the map' : 'Show selected on the map'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setSelected([]);
                setCapped(false);
                if (showingSelected) void showSelected(false).catch(ignore);
              }}
            >
              Clear selection
            </Button>
          </>
        )}
      </div>
      {capped && (
        <div className="mw-search__notice" role="status" data-testid="selection-limit">
          <strong>{SELECTION_LIMIT_TITLE}</strong>
          <p>{selectionLimitText(selected.length)}</p>
        </div>
      )}
      <Grid<ResultRow>
        label="Search results"
        columns={columns}
        data={list?.rows ?? []}
        rowIdPath="id"
        loading={pages.loading && !list}
        error={pages.failed}
        enableRowSelection
        selectedRowIds={selected}
        onSelectedRowIdsChange={(ids) => {
          setSelected(ids);
          setCapped(false);
        }}
        params={serverPagedParams(list, listPage.page, listPage.pageSize)}
        onUpdate={onUpdate}
        maxColumnWidth={140}
      />
    </div>
  );
}
