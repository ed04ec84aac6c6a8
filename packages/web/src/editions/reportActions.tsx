/**
 * Report… wherever something can be reported on: the reports feature's dialog, fed with what the
 * inspections and search features hand over (an inspection, selected inspections, what a search
 * found or selected, a saved filter). The office and the inspect edition both offer it.
 */
import { parseISO } from 'date-fns';
import type { SavedFilterSummary } from '@manway/core/api/filters';
import type { ReportObjectType } from '@manway/core/api/reports';
import type { InspectionListRow } from '@manway/core/api/work';
import { GenerateReportButton } from '../features/reports/components/GenerateReportButton';
import {
  defaultReportName,
  filterSource,
  idsSource,
  reportObjectType,
  savedFilterSource,
  type ReportRequest,
} from '../features/reports/reportRequest';
import type { FoundAssets } from '../features/search/components/ResultsView';

const NOUNS: Record<ReportObjectType, [one: string, many: string]> = {
  node: ['node', 'nodes'],
  section: ['section', 'sections'],
  lateral: ['lateral', 'laterals'],
  inspection: ['inspection', 'inspections'],
};

const counted = (n: number, type: ReportObjectType) => `${n.toLocaleString('en')} ${NOUNS[type][n === 1 ? 0 : 1]}`;

/** On an inspection's page: that inspection, named after its asset and the day it was inspected. */
export function inspectionReport(inspection: InspectionListRow) {
  const subject = `Inspection ${inspection.assetReadableId}`;
  return (
    <GenerateReportButton
      request={{
        objectType: 'inspection',
        uiContext: 'inspection',
        source: idsSource([inspection.id]),
        defaultName: defaultReportName(subject, parseISO(inspection.inspectedAt)),
        subject,
      }}
    />
  );
}

/** Above a list of inspections: the rows selected, offered once there are any. */
export function selectedInspectionsReport(ids: number[]) {
  const subject = `${counted(ids.length, 'inspection')} selected`;
  return (
    <GenerateReportButton
      disabled={ids.length === 0}
      request={{
        objectType: 'inspection',
        uiContext: 'selection',
        source: idsSource(ids),
        defaultName: defaultReportName('Selected inspections'),
        subject,
      }}
    />
  );
}

/**
 * On what a search found: the rows selected in its grid if any (a selection), else the whole result
 * (the filter itself, so the server reports every match). Both list the grid's columns.
 */
export function foundAssetsReport(found: FoundAssets) {
  const objectType = reportObjectType(found.objectType);
  if (!objectType) return null;
  const columns = found.columns ?? undefined;
  const selected = found.selectedIds;
  const request: ReportRequest =
    selected.length > 0
      ? {
          objectType,
          uiContext: 'selection',
          source: idsSource(selected),
          columns,
          defaultName: defaultReportName(`Selected ${NOUNS[objectType][1]}`),
          subject: `${counted(selected.length, objectType)} selected`,
        }
      : {
          objectType,
          uiContext: 'search-result',
          source: filterSource(found.definition, found.restrictions),
          columns,
          defaultName: defaultReportName(found.savedName ?? `Search results ${NOUNS[objectType][1]}`),
          subject: `${counted(found.count.found, objectType)}${found.count.plusFound ? '+' : ''} found`,
        };
  return <GenerateReportButton request={request} />;
}

/** In a saved filter's row: the filter, by name, so the server reports whatever it finds then. */
export function savedFilterReport(filter: SavedFilterSummary) {
  const objectType = reportObjectType(filter.objectType);
  if (!objectType) return null;
  return (
    <GenerateReportButton
      variant="ghost"
      ariaLabel={`Report on ${filter.name}`}
      request={{
        objectType,
        uiContext: 'saved-filter',
        source: savedFilterSource(filter.name),
        defaultName: defaultReportName(filter.name),
        subject: `Saved filter ${filter.name}`,
      }}
    />
  );
}
