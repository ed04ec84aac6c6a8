/**
 * Search and saved filters (main-app spec section 2), in the map's sidebar: the search box, the
 * advanced search form and the saved filters, over one run whose results are highlighted or
 * filtered on the map and listed; opening a result selects it on the map as a click does.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  ADVANCED_FILTER_MESSAGE,
  FilterDefinition,
  type FilterForm,
  type ResultRow,
  type SavedFilter,
} from '@manway/core/api/filters';
import { useAppDispatch } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { getFilterForm } from '../api/getFilterForm';
import { fromDefinition, type FilterDraft } from '../filterDraft';
import { featureCentre, SEARCH_LAYERS, type SearchLayer, type SearchMap } from '../searchMap';
import { useSearchRun } from '../useSearchRun';
import { AdvancedSearch } from './AdvancedSearch';
import { ResultsView } from './ResultsView';
import { SavedFilters } from './SavedFilters';
import { SimpleSearch } from './SimpleSearch';
import './SearchPanel.css';

type Tab = 'simple' | 'advanced' | 'saved';
const TABS: { id: Tab; label: string }[] = [
  { id: 'simple', label: 'Search' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'saved', label: 'Saved filters' },
];

export const ADVANCED_PAGE_SIZE = 25;

function layerOf(type: string): SearchLayer {
  return SEARCH_LAYERS.find((l) => l.toLowerCase() === type.toLowerCase()) ?? 'Node';
}

function emptyDraft(objectType: string): FilterDraft {
  return { objectType, combine: 'and', conditions: [] };
}

export interface SearchPanelProps {
  map: SearchMap;
  /** The search box's debounce; the spec's keyboard default unless given. */
  debounceMs?: number;
}

export function SearchPanel({ map, debounceMs }: SearchPanelProps) {
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<Tab>('simple');
  const [objectType, setObjectType] = useState<SearchLayer>('Node');
  const [forms, setForms] = useState<Partial<Record<SearchLayer, FilterForm>>>({});
  const [term, setTerm] = useState('');
  const [draft, setDraft] = useState<FilterDraft>(() => emptyDraft('Node'));
  const [lockedText, setLockedText] = useState<string | null>(null);
  const { run, start, page, clear } = useSearchRun(map);

  const loadForm = useCallback(
    async (type: SearchLayer): Promise<FilterForm> => {
      const known = forms[type];
      if (known) return known;
      const form = await dispatch(getFilterForm(type));
      setForms((f) => ({ ...f, [type]: form }));
      return form;
    },
    [dispatch, forms],
  );

  const known = forms[objectType] !== undefined;
  useEffect(() => {
    if (known) return;
    let live = true;
    dispatch(getFilterForm(objectType)).then(
      (form) => live && setForms((f) => ({ ...f, [objectType]: form })),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [dispatch, known, objectType]);

  const form = forms[objectType];

  const chooseType = (type: SearchLayer) => {
    setObjectType(type);
    setTerm('');
    setDraft(emptyDraft(type));
    setLockedText(null);
    clear();
  };

  const openResult = useCallback(
    (row: ResultRow) => {
      const feature = run?.mapResults?.features.find((f) => f.id === row.id);
      const p = row.properties;
      map.selectFeature({
        layer: layerOf(row.type),
        id: row.id,
        properties: feature?.properties ?? {
          assetId: row.readableId,
          subtype: String(p.subtype ?? ''),
          conditionGrade: typeof p.conditionGrade === 'number' ? p.conditionGrade : null,
          material: typeof p.material === 'string' ? p.material : null,
          sizeMm: typeof p.sizeMm === 'number' ? p.sizeMm : null,
        },
      });
      const centre = feature && featureCentre(feature);
      if (centre) map.centreOn(centre);
    },
    [map, run?.mapResults],
  );

  const applySaved = async (saved: SavedFilter) => {
    const definition = FilterDefinition.parse(saved.definition);
    const type = layerOf(definition.objectType);
    const savedForm = await loadForm(type);
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
      <div className="mw-search__type">
        <label htmlFor="mw-search-type">Find</label>
        <select id="mw-search-type" value={objectType} onChange={(e) => chooseType(e.target.value as SearchLayer)}>
          {SEARCH_LAYERS.map((l) => (
            <option key={l} value={l}>
              {forms[l]?.label ?? l}
            </option>
          ))}
        </select>
      </div>
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
          <SavedFilters current={run?.definition ?? null} onApply={(s) => void applySaved(s).catch(() => {})} />
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
      {run?.savedName && (
        <p className="mw-search__applied" data-testid="applied-filter">
          Filter: <strong>{run.savedName}</strong>
        </p>
      )}
      {lockedText && <p className="mw-search__hint">{lockedText}</p>}
      {run && <ResultsView run={run} map={map} onOpen={openResult} onPage={page} />}
    </section>
  );
}
