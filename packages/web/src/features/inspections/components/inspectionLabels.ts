import type { InspectionGroup, InspectionListRow } from '@manway/core/api/work';

export const GROUP_LABELS: Record<InspectionGroup, string> = {
  incomplete: 'Incomplete',
  pending: 'Pending',
  completed: 'Completed',
};

export const STATUS_LABELS: Record<InspectionListRow['status'], string> = GROUP_LABELS;

/** The office's last word on an inspection, as the lists and the review show it. */
export function reviewText(row: Pick<InspectionListRow, 'review' | 'reviewReason'>): string {
  if (row.review === 'accepted') return 'Accepted';
  if (row.review === 'rejected') return row.reviewReason ? `Rejected: ${row.reviewReason}` : 'Rejected';
  return '';
}
