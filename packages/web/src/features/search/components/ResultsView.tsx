import { useState, type ReactNode } from 'react';
import type {
  AdditionalRestrictions,
  FilterDefinition,
  ResultIds,
  ResultRow,
  SearchCount,
} from '@manway/core/api/filters';
import type { MapResults } from '@manway/core/api/map';
import { useLazyGetResultIdsQuery } from '../api/filterResults';
import { Pager } from '../../../ui/pager/Pager';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  TOO_MANY_RESULTS_TITLE,
  mapOnlyText,
  searchCountText,
  tooManyInListText,
  tooManyOnMapText,
} from '../searchTexts';
import { layerOf, type SearchLayer, type SearchMap } from '../searchMap';
import { useResultPages, type ResultPages } from '../useResultPages';
import type { Search } from '../useSearchRun';
import { RESULT_GRID_PROPERTIES, ResultGrid } from './ResultGrid';

/** What a search found, for an edition's actions on it (the office's Plan tasks…, Report…). */
export interface FoundAssets {
  objectType: SearchLayer;
  /** The filter the search ran. */
  definition: FilterDefinition;
  /** Ids the search was narrowed to (a search handed over by a dashboard's drill-down). */
  restrictions?: AdditionalRestrictions;
  /** The saved filter the search ran, if it ran one as saved. */
  savedName: string | null;
  count: SearchCount;
  /** Every id found, up to the selection cap (selectionCapExceeded says when there are more). */
  ids(): Promise<ResultIds>;
  /** The rows the user selected in the results grid. */
  selectedIds: number[];
  /** The results grid's visible columns as property names, in order; null for a term's short list. */
  columns: readonly string[] | null;
}

export interface ResultsViewProps {
  /** One run: the view is keyed by it, so its pages start afresh with each run. */
  search: Search;
  mapResults: MapResults | null;
  map: SearchMap;
  onOpen(row: ResultRow): void;
  /** Actions on what the search found, shown once it found anything. */
  renderActions?(found: FoundAssets): ReactNode;
}

/** The search count, the notices, and the results: a short list for a term, the grid for a filter. */
export function ResultsView({ search, mapResults, map, onOpen, renderActions }: ResultsViewProps) {
  const pages = useResultPages(search);
  const { list } = pages;
  const [loadIds] = useLazyGetResultIdsQuery();
  // Kept here rather than in the grid, so the edition's actions above it can act on the selection.
  const [selected, setSelected] = useState<string[]>([]);
  const inGrid = search.mode !== 'highlight';
  const actions =
    list && list.count.found > 0
      ? renderActions?.({
          objectType: layerOf(search.definition.objectType),
          definition: search.definition,
          savedName: search.savedName,
          count: list.count,
          restrictions: search.restrictions,
          ids: () => loadIds({ filter: search.definition, additionalRestrictions: search.restrictions }).unwrap(),
          selectedIds: inGrid ? selected.map(Number) : [],
          columns: inGrid ? RESULT_GRID_PROPERTIES : null,
        })
      : null;
  const listNotice = list && tooManyInListText(list.count);
  // The viewport variant stops counting at its limit and says so with plusFound.
  const mapCut = mapResults && (mapResults.plusFound || mapResults.total > mapResults.features.length);
  return (
    <section className="mw-search__results" aria-label="Search results" data-testid="search-results">
      <p className="mw-search__count" role="status" data-testid="search-count">
        {list ? searchCountText(list.count) : pages.failed ? 'The search failed.' : 'Searching…'}
      </p>
      {actions && <div className="mw-search__actions">{actions}</div>}
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
      {inGrid ? (
        <ResultGrid
          search={search}
          pages={pages}
          map={map}
          onOpen={onOpen}
          selected={selected}
          onSelectedChange={setSelected}
        />
      ) : (
        <ResultList pages={pages} onOpen={onOpen} />
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
