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

/** The grid's columns before their cells are given: the asset ID opens the asset. */
const RESULT_COLUMNS: readonly Pick<GridColumn<ResultRow>, 'propertyPath' | 'label'>[] = [
  { propertyPath: 'readableId', label: 'Asset ID' },
  { propertyPath: 'properties.subtype', label: 'Subtype' },
  { propertyPath: 'properties.material', label: 'Material' },
  { propertyPath: 'properties.conditionGrade', label: 'Condition' },
];

/** The property a column shows, as the server names it for sorting and for reports' columns. */
function propertyName(propertyPath: string): string {
  const path = propertyPath.replace(/^properties\./, '');
  return path === 'readableId' ? 'assetId' : path;
}

/** The grid's visible columns as property names, in order. */
export const RESULT_GRID_PROPERTIES: readonly string[] = RESULT_COLUMNS.map((c) => propertyName(c.propertyPath));

/** The request layer has shown a failure; a cancelled request was replaced by a newer one. */
const ignore = () => {};

/**
 * A filter's results in the grid, paged and sorted by the server, with a selection (select all asks
 * for every id, up to the cap) that the map can show alone. The selection is the results view's, so
 * an edition's actions on what was found can act on it.
 */
export function ResultGrid({
  search,
  pages,
  map,
  onOpen,
  selected,
  onSelectedChange: setSelected,
}: {
  search: Search;
  pages: ResultPages;
  map: SearchMap;
  onOpen(row: ResultRow): void;
  /** Row ids, as the grid reports them. */
  selected: string[];
  onSelectedChange(ids: string[]): void;
}) {
  const [fetchResultIds] = useLazyGetResultIdsQuery();
  const [fetchMapResults] = useLazyGetFilterMapResultsQuery();
  const [capped, setCapped] = useState(false);
  const [showingSelected, setShowingSelected] = useState(false);

  const columns = useMemo<GridColumn<ResultRow>[]>(
    () =>
      RESULT_COLUMNS.map((column) =>
        column.propertyPath === 'readableId'
          ? {
              ...column,
              cellRenderer: ({ row }) => (
                <button type="button" className="mw-search__link" onClick={() => onOpen(row)}>
                  {row.readableId}
                </button>
              ),
            }
          : column,
      ),
    [onOpen],
  );

  const { list, listPage } = pages;
  const onUpdate = (u: GridUpdate) => {
    const sort = u.sortBy?.[0];
    pages.showPage({
      page: u.page.index,
      // The grid offers 1000 a page; the server pages by at most 500.
      pageSize: Math.min(u.page.size, RESULTS_MAX_PAGE_SIZE),
      sortBy: sort && propertyName(sort.id),
      sortDirection: sort?.desc ? 'desc' : 'asc',
    });
  };

  const selectAll = async () => {
    const answer = await fetchResultIds({
      filter: search.definition,
      additionalRestrictions: search.restrictions,
    }).unwrap();
    setSelected(answer.ids.map(String));
    setCapped(answer.selectionCapExceeded);
  };

  const showSelected = async (on: boolean) => {
    const results = await fetchMapResults({
      filter: search.definition,
      additionalRestrictions: on ? { ids: selected.map(Number) } : search.restrictions,
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
