import { useMemo, useState } from 'react';
import { RESULTS_MAX_PAGE_SIZE, type ResultRow } from '@manway/core/api/filters';
import type { MapResults } from '@manway/core/api/map';
import { Button } from '../../../ui/controls/Button';
import type { GridColumn } from '../../../ui/grid/columns';
import { Grid, type GridUpdate } from '../../../ui/grid/Grid';
import { Pager } from '../../../ui/pager/Pager';
import { LoadingStatus } from '../../../ui/Spinner';
import { useLazyGetFilterMapResultsQuery, useLazyGetResultIdsQuery } from '../api/filterResults';
import {
  SELECTION_LIMIT_TITLE,
  TOO_MANY_RESULTS_TITLE,
  mapOnlyText,
  searchCountText,
  selectionLimitText,
  tooManyInListText,
  tooManyOnMapText,
} from '../searchTexts';
import type { SearchMap } from '../searchMap';
import { serverPagedParams } from '../serverPaging';
import { useResultPages, type ResultPages } from '../useResultPages';
import type { Search } from '../useSearchRun';

export interface ResultsViewProps {
  /** One run: the view is keyed by it, so its pages start afresh with each run. */
  search: Search;
  mapResults: MapResults | null;
  map: SearchMap;
  onOpen(row: ResultRow): void;
}

const SORT_PROPERTY: Record<string, string> = { readableId: 'assetId' };

/** The search count, the notices, and the results: a short list for a term, the grid for a filter. */
export function ResultsView({ search, mapResults, map, onOpen }: ResultsViewProps) {
  const pages = useResultPages(search);
  const { list } = pages;
  const listNotice = list && tooManyInListText(list.count);
  // The viewport variant stops counting at its limit and says so with plusFound.
  const mapCut = mapResults && (mapResults.plusFound || mapResults.total > mapResults.features.length);
  return (
    <section className="mw-search__results" aria-label="Search results" data-testid="search-results">
      <p className="mw-search__count" role="status" data-testid="search-count">
        {list ? searchCountText(list.count) : pages.failed ? 'The search failed.' : 'Searching…'}
      </p>
      {mapResults && (
        <p className="mw-search__hint" data-testid="search-map-count">
          {mapOnlyText(search.mode, mapResults.features.length)}
        </p>
      )}
      {(listNotice || mapCut) && (
        <div className="mw-search__notice" role="status" data-testid="too-many-results">
          <strong>{TOO_MANY_RESULTS_TITLE}</strong>
          {listNotice && <p>{listNotice}</p>}
          {mapCut && <p>{tooManyOnMapText(mapResults.features.length, mapResults.total, mapResults.plusFound)}</p>}
        </div>
      )}
      {search.mode === 'highlight' ? (
        <ResultList pages={pages} onOpen={onOpen} />
      ) : (
        <ResultGrid search={search} pages={pages} map={map} onOpen={onOpen} />
      )}
    </section>
  );
}

function ResultList({ pages, onOpen }: { pages: ResultPages; onOpen(row: ResultRow): void }) {
  const { list, listPage } = pages;
  if (!list) return pages.loading ? <LoadingStatus /> : null;
  if (list.rows.length === 0) return <p className="mw-search__empty">No results</p>;
  // Only the rows the server lets us page through: the top or first of a long result.
  const pageCount = Math.max(1, Math.ceil(list.count.shownCount / listPage.pageSize));
  return (
    <>
      {pageCount > 1 && (
        <Pager
          label="Result pages"
          pageIndex={listPage.page}
          pageCount={pageCount}
          disabled={pages.loading}
          onPageChange={(page) => pages.showPage({ ...listPage, page })}
        />
      )}
      <ResultRows rows={list.rows} onOpen={onOpen} />
    </>
  );
}

function ResultRows({ rows, onOpen }: { rows: ResultRow[]; onOpen(row: ResultRow): void }) {
  return (
    <ul className="mw-search__list">
      {rows.map((row) => (
        <li key={row.id}>
          <button type="button" className="mw-search__row" onClick={() => onOpen(row)}>
            <span className="mw-search__row-id">{row.readableId}</span>
            <span className="mw-search__row-meta">
              {[row.properties.subtype, row.properties.street].filter((v) => v !== null && v !== undefined).join(' · ')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ResultGrid({
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
        <Button onClick={() => void selectAll()}>Select all</Button>
        {selected.length > 0 && (
          <>
            <span className="mw-search__selected" data-testid="search-selected">
              {selected.length} selected
            </span>
            <Button onClick={() => void showSelected(!showingSelected)}>
              {showingSelected ? 'Show all results on the map' : 'Show selected on the map'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setSelected([]);
                setCapped(false);
                if (showingSelected) void showSelected(false);
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
