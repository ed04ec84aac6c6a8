import { useState } from 'react';
import { Button, type ButtonVariant } from '../../../ui/controls/Button';
import type { ReportRequest } from '../reportRequest';
import { GenerateReportDialog } from './GenerateReportDialog';

const REPORT_ACTION_LABEL = 'Report…';

export interface GenerateReportButtonProps {
  request: ReportRequest;
  /** The accessible name where 'Report…' alone is ambiguous (a saved filter's row). */
  ariaLabel?: string;
  variant?: ButtonVariant;
  disabled?: boolean;
}

/** Report… on whatever an edition hands over, opening the Generate report dialog. */
export function GenerateReportButton({
  request,
  ariaLabel,
  variant = 'secondary',
  disabled,
}: GenerateReportButtonProps) {
  // The request as it was when the dialog opened: a selection changing behind it does not change it.
  const [open, setOpen] = useState<ReportRequest | null>(null);
  return (
    <>
      <Button variant={variant} aria-label={ariaLabel} disabled={disabled} onClick={() => setOpen(request)}>
        {REPORT_ACTION_LABEL}
      </Button>
      {open && <GenerateReportDialog request={open} onClose={() => setOpen(null)} />}
    </>
  );
}
