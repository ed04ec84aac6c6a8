/**
 * The reports the server makes, and for which object types, places (ui contexts) and formats each
 * is offered. GET report-api/reports/info/list answers from here; a task asking for a combination
 * not listed is refused.
 */
import type { ReportDefinitionKey, ReportFormat, ReportObjectType, ReportUiContext } from '@manway/core/api/reports';

export interface DefinitionEntry {
  key: ReportDefinitionKey;
  title: string;
  description: string;
  /** Per object type, the places it is offered from. */
  offered: Partial<Record<ReportObjectType, readonly ReportUiContext[]>>;
  formats: readonly ReportFormat[];
}

const ASSET_SETS: readonly ReportUiContext[] = ['selection', 'search-result', 'saved-filter'];
const INSPECTIONS: readonly ReportUiContext[] = ['inspection', 'selection'];

export const DEFINITIONS: readonly DefinitionEntry[] = [
  {
    key: 'inspection-report',
    title: 'Inspection report',
    description:
      'Per inspection: its header, a location sketch, the pipe graphic, the observations with photos and the condition scores. Of assets: their latest inspection.',
    offered: { inspection: INSPECTIONS, section: ASSET_SETS, lateral: ASSET_SETS, node: ASSET_SETS },
    formats: ['PDF'],
  },
  {
    key: 'condition-summary',
    title: 'Condition summary',
    description: 'Assets and length by condition grade, and the assets worst first.',
    offered: { section: ASSET_SETS, lateral: ASSET_SETS, node: ASSET_SETS },
    formats: ['PDF', 'XLS'],
  },
  {
    key: 'observation-listing',
    title: 'Observation listing',
    description:
      'Every observation with its asset, distance, code, grade and remark. Of assets: their latest inspection.',
    offered: { inspection: INSPECTIONS, section: ASSET_SETS, lateral: ASSET_SETS, node: ASSET_SETS },
    formats: ['XLS'],
  },
  {
    key: 'asset-list',
    title: 'Asset list',
    description: "The assets with the search grid's visible columns.",
    offered: { section: ASSET_SETS, lateral: ASSET_SETS, node: ASSET_SETS },
    formats: ['XLS'],
  },
];

export function definition(key: ReportDefinitionKey): DefinitionEntry {
  return DEFINITIONS.find((d) => d.key === key)!;
}

export const FORMATS: Record<ReportFormat, { label: string; extension: string; contentType: string }> = {
  PDF: { label: 'PDF', extension: 'pdf', contentType: 'application/pdf' },
  XLS: {
    label: 'Excel (XLSX)',
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
};
