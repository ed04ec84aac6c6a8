/**
 * Searching one inspection's observations (main-app spec section 7, observation results): the
 * advanced search form over the observation metadata of the inspection's standard, and the
 * observations it finds, a page at a time, with their count.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  RESULTS_MAX_PAGE_SIZE,
  type FilterDefinition,
  type FilterForm,
  type FilterPropertyMeta,
  type ResultRow,
} from '@manway/core/api/filters';
import type { GridColumn } from '../../../ui/grid/columns';
import { Grid, type GridUpdate } from '../../../ui/grid/Grid';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetObservationMetaQuery, useGetObservationResultsQuery } from '../api/observations';
import { formOfMeta, type FilterDraft } from '../filterDraft';
import { serverPagedParams } from '../serverPaging';
import { searchCountText } from '../searchTexts';
import { AdvancedSearch } from './AdvancedSearch';

export const OBSERVATION_PAGE_SIZE = 25;
/** Spec section 2, empty-state texts. */
export const NO_OBSERVATIONS = 'No observations';

type Filter = Pick<FilterDefinition, 'combine' | 'conditions'>;

interface Request {
  filter: Filter;
  page: number;
  pageSize: number;
  /** Each search asks anew, even for the same conditions. */
  run: number;
}

const emptyDraft = (): FilterDraft => ({ objectType: 'Observation', combine: 'and', conditions: [] });
const everything: Filter = { combine: 'and', conditions: [] };

/** A cell as the metadata reads it: a code by its label, yes or no, a number with its unit. */
function cellText(meta: FilterPropertyMeta, value: ResultRow['properties'][string] | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (meta.kind === 'lookup') return meta.options?.find((o) => o.id === value)?.value ?? String(value);
  return String(value);
}

function columnsOf(meta: readonly FilterPropertyMeta[]): GridColumn<ResultRow>[] {
  return meta.map((m) => ({
    propertyPath: `properties.${m.name}`,
    label: m.unit ? `${m.label} (${m.unit})` : m.label,
    // A code reads with its label ("BAB Crack"), a remark as written: wider than their headers.
    width: m.kind === 'lookup' || m.kind === 'text' ? 180 : undefined,
    // The server pages observations in their recorded order; sorting one page would mislead.
    disableSortBy: true,
    filter: false,
    cellRenderer: ({ row }) => cellText(m, row.properties[m.name]),
  }));
}

export function ObservationSearch({ inspectionId, title }: { inspectionId: number; title: string }) {
  const { data: meta, isError: metaFailed } = useGetObservationMetaQuery(inspectionId);
  const [draft, setDraft] = useState<FilterDraft>(emptyDraft);
  const [request, setRequest] = useState<Request>({
    filter: everything,
    page: 0,
    pageSize: OBSERVATION_PAGE_SIZE,
    run: 0,
  });
  const results = useGetObservationResultsQuery({ inspectionId, ...request });
  // The last answer stays while the next loads; a failed search shows none.
  const list = results.isError ? null : (results.data ?? null);

  // Opened below the asset's facts: bring it where the user is looking.
  const sectionRef = useRef<HTMLElement>(null);
  const loaded = meta !== undefined;
  useEffect(() => {
    if (loaded) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, inspectionId]);

  const search = (filter: Filter, page: number, pageSize: number) =>
    setRequest((r) => ({ filter, page, pageSize, run: r.run + 1 }));

  const form = useMemo<FilterForm | null>(() => (meta ? formOfMeta(meta, 'Observation', 'Observation') : null), [meta]);
  const columns = useMemo(() => (meta ? columnsOf(meta) : []), [meta]);

  const onUpdate = (u: GridUpdate) => {
    search(request.filter, u.page.index, Math.min(u.page.size, RESULTS_MAX_PAGE_SIZE));
  };

  return (
    <section ref={sectionRef} className="mw-search mw-observations" aria-label={title} data-testid="observation-search">
      <h3 className="mw-observations__title">{title}</h3>
      {metaFailed ? (
        <p className="mw-search__error" role="alert">
          The observation properties could not be loaded.
        </p>
      ) : !form ? (
        <LoadingStatus />
      ) : (
        <AdvancedSearch
          label="Observation search"
          form={form}
          draft={draft}
          onDraftChange={setDraft}
          onRun={(definition) => search(definition, 0, request.pageSize)}
          onClear={() => {
            setDraft(emptyDraft());
            search(everything, 0, request.pageSize);
          }}
        />
      )}
      <p className="mw-search__count" role="status" data-testid="observation-count">
        {list ? searchCountText(list.count) : results.isError ? 'The search failed.' : 'Searching…'}
      </p>
      {list?.rows.length === 0 ? (
        <p className="mw-search__empty">{NO_OBSERVATIONS}</p>
      ) : (
        form && (
          <Grid<ResultRow>
            label="Observations"
            columns={columns}
            data={list?.rows ?? []}
            rowIdPath="id"
            loading={results.isFetching && !list}
            error={results.isError}
            emptyMessage={NO_OBSERVATIONS}
            params={serverPagedParams(list, list?.page ?? request.page, list?.pageSize ?? request.pageSize)}
            onUpdate={onUpdate}
            maxColumnWidth={160}
          />
        )
      )}
    </section>
  );
}
