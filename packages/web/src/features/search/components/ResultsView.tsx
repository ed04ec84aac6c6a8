import { useMemo, useState } from 'react';
import { RESULTS_MAX_PAGE_SIZE, type ResultRow } from '@manway/core/api/filters';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import type { GridColumn } from '../../../ui/grid/columns';
import { Grid, type GridUpdate } from '../../../ui/grid/Grid';
import { Pager } from '../../../ui/pager/Pager';
import { LoadingStatus } from '../../../ui/Spinner';
import { getFilterMapResults } from '../api/getFilterMapResults';
import { getResultIds } from '../api/getResultIds';
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
import type { ListPage, SearchRun } from '../useSearchRun';

export interface ResultsViewProps {
  run: SearchRun;
  map: SearchMap;
  onOpen(row: ResultRow): void;
  onPage(page: ListPage): void;
}

const SORT_PROPERTY: Record<string, string> = { readableId: 'assetId' };

/** The search count, the notices, and the results: a short list for a term, the grid for a filter. */
export function ResultsView({ run, map, onOpen, onPage }: ResultsViewProps) {
  const { list, mapResults } = run;
  const listNotice = list && tooManyInListText(list.count);
  // The viewport variant stops counting at its limit and says so with plusFound.
  const mapCut = mapResults && (mapResults.plusFound || mapResults.total > mapResults.features.length);
  return (
    <section className="mw-search__results" aria-label="Search results" data-testid="search-results">
      <p className="mw-search__count" role="status" data-testid="search-count">
        {list ? searchCountText(list.count) : run.failed ? 'The search failed.' : 'Searching…'}
      </p>
      {mapResults && (
        <p className="mw-search__hint" data-testid="search-map-count">
          {mapOnlyText(run.mode, mapResults.features.length)}
        </p>
      )}
      {(listNotice || mapCut) && (
        <div className="mw-search__notice" role="status" data-testid="too-many-results">
          <strong>{TOO_MANY_RESULTS_TITLE}</strong>
          {listNotice && <p>{listNotice}</p>}
          {mapCut && <p>{tooManyOnMapText(mapResults.features.length, mapResults.total, mapResults.plusFound)}</p>}
        </div>
      )}
      {run.mode === 'highlight' ? (
        <ResultList run={run} onOpen={onOpen} onPage={onPage} />
      ) : (
        <ResultGrid run={run} map={map} onOpen={onOpen} onPage={onPage} />
      )}
    </section>
  );
}

function ResultList({
  run,
  onOpen,
  onPage,
}: {
  run: SearchRun;
  onOpen(row: ResultRow): void;
  onPage(page: ListPage): void;
}) {
  if (!run.list) return run.loading ? <LoadingStatus /> : null;
  if (run.list.rows.length === 0) return <p className="mw-search__empty">No results</p>;
  const { listPage } = run;
  // Only the rows the server lets us page through: the top or first of a long result.
  const pageCount = Math.max(1, Math.ceil(run.list.count.shownCount / listPage.pageSize));
  return (
    <>
      {pageCount > 1 && (
        <Pager
          label="Result pages"
          pageIndex={listPage.page}
          pageCount={pageCount}
          disabled={run.loading}
          onPageChange={(page) => onPage({ ...listPage, page })}
        />
      )}
      <ResultRows run={run} onOpen={onOpen} />
    </>
  );
}

function ResultRows({ run, onOpen }: { run: SearchRun; onOpen(row: ResultRow): void }) {
  return (
    <ul className="mw-search__list">
      {run.list!.rows.map((row) => (
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
  run,
  map,
  onOpen,
  onPage,
}: {
  run: SearchRun;
  map: SearchMap;
  onOpen(row: ResultRow): void;
  onPage(page: ListPage): void;
}) {
  const dispatch = useAppDispatch();
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

  const { list, listPage } = run;
  const onUpdate = (u: GridUpdate) => {
    const sort = u.sortBy?.[0];
    const path = sort?.id.replace(/^properties\./, '');
    onPage({
      page: u.page.index,
      // The grid offers 1000 a page; the server pages by at most 500.
      pageSize: Math.min(u.page.size, RESULTS_MAX_PAGE_SIZE),
      sortBy: path && (SORT_PROPERTY[path] ?? path),
      sortDirection: sort?.desc ? 'desc' : 'asc',
    });
  };

  const selectAll = async () => {
    const answer = await dispatch(getResultIds(run.definition));
    setSelected(answer.ids.map(String));
    setCapped(answer.selectionCapExceeded);
  };

  const showSelected = async (on: boolean) => {
    const results = await dispatch(
      getFilterMapResults({
        filter: run.definition,
        additionalRestrictions: on ? { ids: selected.map(Number) } : undefined,
      }),
    );
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
        loading={run.loading && !list}
        error={run.failed}
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
