import { INSPECTION_GROUPS, type InspectionGroup, type InspectionListRow } from '@manway/core/api/work';

/**
 * Where the Inspections page is, in its address so a reload or a shared link comes back to it: the
 * list shown, and the inspection under review.
 */
export interface InspectionsLocation {
  group: InspectionGroup;
  inspection: number | null;
}

export const DEFAULT_GROUP: InspectionGroup = 'pending';

const isGroup = (value: string | null): value is InspectionGroup =>
  (INSPECTION_GROUPS as readonly (string | null)[]).includes(value);

export function readInspectionsLocation(params: URLSearchParams): InspectionsLocation {
  const group = params.get('group');
  const id = Number(params.get('inspection'));
  return {
    group: isGroup(group) ? group : DEFAULT_GROUP,
    inspection: Number.isInteger(id) && id > 0 ? id : null,
  };
}

export function listSearch(group: InspectionGroup): string {
  return `?${new URLSearchParams({ group }).toString()}`;
}

/** Where a row of a list leads. */
export type InspectionHref = (group: InspectionGroup, row: Pick<InspectionListRow, 'id'>) => string;

export function reviewSearch(group: InspectionGroup, row: Pick<InspectionListRow, 'id'>): string {
  return `?${new URLSearchParams({ group, inspection: String(row.id) }).toString()}`;
}
