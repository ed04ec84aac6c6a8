/**
 * Search and saved filters (main-app spec section 2), in the map's sidebar: the search box, the
 * advanced search form and the saved filters, over one run whose results are highlighted or
 * filtered on the map and listed; opening a result selects it on the map as a click does.
 */
import { useCallback, useState, type ReactNode } from 'react';
import {
  ADVANCED_FILTER_MESSAGE,
  FilterDefinition,
  type ResultRow,
  type SavedFilter,
  type SavedFilterSummary,
} from '@manway/core/api/filters';
import type { SearchHandOver } from '../../../shell/app/searchHandOver';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetFilterFormQuery, useLazyGetFilterFormQuery } from '../api/filterForms';
import { fromDefinition, type FilterDraft } from '../filterDraft';
import { layerOf, openOnMap, type SearchLayer, type SearchMap } from '../searchMap';
import { useSearchRun } from '../useSearchRun';
import { AdvancedSearch } from './AdvancedSearch';
import { ResultsView, type FoundAssets } from './ResultsView';
import { SavedFilters } from './SavedFilters';
import { SearchTypeSelect } from './SearchTypeSelect';
import { SimpleSearch } from './SimpleSearch';
import './SearchPanel.css';

type Tab = 'simple' | 'advanced' | 'saved';
const TABS: { id: Tab; label: string }[] = [
  { id: 'simple', label: 'Search' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'saved', label: 'Saved filters' },
];

export const ADVANCED_PAGE_SIZE = 25;

function emptyDraft(objectType: string): FilterDraft {
  return { objectType, combine: 'and', conditions: [] };
}

export interface SearchPanelProps {
  map: SearchMap;
  /** The search box's debounce; the spec's keyboard default unless given. */
  debounceMs?: number;
  /** An edition's actions on what a search found (the office's Plan tasks…). */
  renderResultActions?(found: FoundAssets): ReactNode;
  /** An edition's actions on a saved filter, in its row. */
  renderSavedFilterActions?(filter: SavedFilterSummary): ReactNode;
  /** A search another page handed over (a dashboard's drill-down), run when the panel opens. */
  handOver?: SearchHandOver | null;
}

export function SearchPanel({
  map,
  debounceMs,
  renderResultActions,
  renderSavedFilterActions,
  handOver,
}: SearchPanelProps) {
  const [tab, setTab] = useState<Tab>('simple');
  // A handed-over search is the panel's first one; the panel is mounted anew for each.
  const [objectType, setObjectType] = useState<SearchLayer>(() =>
    handOver ? layerOf(handOver.filter.objectType) : 'Node',
  );
  const [term, setTerm] = useState('');
  const [draft, setDraft] = useState<FilterDraft>(() => emptyDraft(objectType));
  const [lockedText, setLockedText] = useState<string | null>(null);
  const { search, mapResults, start, clear } = useSearchRun(
    map,
    handOver
      ? {
          definition: handOver.filter,
          mode: 'filter',
          savedName: null,
          pageSize: ADVANCED_PAGE_SIZE,
          title: handOver.title,
          restrictions: handOver.additionalRestrictions,
        }
      : undefined,
  );
  // Another type's form is not this one's: nothing shows until this one's arrives.
  const form = useGetFilterFormQuery(objectType).currentData;
  const [loadForm] = useLazyGetFilterFormQuery();

  const chooseType = (type: SearchLayer) => {
    setObjectType(type);
    setTerm('');
    setDraft(emptyDraft(type));
    setLockedText(null);
    clear();
  };

  // Stable while the results are, so the grid keeps its columns.
  const openResult = useCallback((row: ResultRow) => openOnMap(map, row, mapResults), [map, mapResults]);

  const applySaved = async (saved: SavedFilter) => {
    const definition = FilterDefinition.parse(saved.definition);
    const type = layerOf(definition.objectType);
    const savedForm = await loadForm(type, true).unwrap();
    setObjectType(type);
    setTerm('');
    const asDraft = fromDefinition(definition, savedForm);
    setDraft(asDraft ?? emptyDraft(type));
    setLockedText(saved.editable ? null : saved.advanced ? ADVANCED_FILTER_MESSAGE : null);
    start(definition, 'filter', { savedName: saved.name, pageSize: ADVANCED_PAGE_SIZE });
  };

  return (
    <section className="mw-search" aria-labelledby="mw-search-title" data-testid="search-panel">
      <h2 id="mw-search-title" className="mw-map__panel-title">
        Search
      </h2>
      <SearchTypeSelect value={objectType} onChange={chooseType} />
      <div className="mw-search__tabs" role="tablist" aria-label="Search mode">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`mw-search-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="mw-search-tabpanel"
            className="mw-search__tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="mw-search-tabpanel" role="tabpanel" aria-labelledby={`mw-search-tab-${tab}`}>
        {tab === 'saved' ? (
          <SavedFilters
            current={search?.definition ?? null}
            onApply={(s) => void applySaved(s).catch(() => {})}
            renderActions={renderSavedFilterActions}
          />
        ) : !form ? (
          <LoadingStatus />
        ) : tab === 'simple' ? (
          <SimpleSearch
            key={objectType}
            form={form}
            term={term}
            debounceMs={debounceMs}
            onSearch={(t, definition) => {
              setTerm(t);
              setLockedText(null);
              if (definition) start(definition, 'highlight');
              else clear();
            }}
          />
        ) : (
          <AdvancedSearch
            form={form}
            draft={draft}
            onDraftChange={setDraft}
            onRun={(definition) => {
              setLockedText(null);
              start(definition, 'filter', { pageSize: ADVANCED_PAGE_SIZE });
            }}
            onClear={() => {
              setDraft(emptyDraft(objectType));
              setLockedText(null);
              clear();
            }}
          />
        )}
      </div>
      {search?.savedName && (
        <p className="mw-search__applied" data-testid="applied-filter">
          Filter: <strong>{search.savedName}</strong>
        </p>
      )}
      {search?.title && (
        <p className="mw-search__applied" data-testid="handed-over-search">
          <strong>{search.title}</strong>
        </p>
      )}
      {lockedText && <p className="mw-search__hint">{lockedText}</p>}
      {search && (
        <ResultsView
          key={search.run}
          search={search}
          mapResults={mapResults}
          map={map}
          onOpen={openResult}
          renderActions={renderResultActions}
        />
      )}
    </section>
  );
}
