import { useState } from 'react';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { Button, type ButtonVariant } from '../../../ui/controls/Button';
import type { PlanChoice } from './planSelection';
import { PlanTasksDialog } from './PlanTasksDialog';

export const PLAN_TASKS_LABEL = 'Plan tasks…';

export interface PlanTasksActionProps {
  /** What to plan on; a function when it must be fetched first (what a search found, by id). */
  choices: readonly PlanChoice[] | (() => Promise<readonly PlanChoice[]>);
  /** The button's accessible name where 'Plan tasks…' alone is ambiguous (a saved filter's row). */
  ariaLabel?: string;
  variant?: ButtonVariant;
}

/**
 * "Plan tasks…" on whatever an edition hands over, opening the plan dialog. Planning is an
 * editor's: for anyone else there is no button at all.
 */
export function PlanTasksAction({ choices, ariaLabel, variant = 'secondary' }: PlanTasksActionProps) {
  const dispatch = useAppDispatch();
  const mayPlan = useAppSelector((state) => state.settings.data?.user.hasEditorPermissions ?? false);
  const [planning, setPlanning] = useState<readonly PlanChoice[] | null>(null);
  const [loading, setLoading] = useState(false);
  if (!mayPlan) return null;

  const start = async () => {
    if (typeof choices !== 'function') {
      setPlanning(choices);
      return;
    }
    setLoading(true);
    try {
      const found = await choices();
      if (found.length > 0) setPlanning(found);
      else dispatch(showNotification({ type: 'info', title: 'Nothing to plan on', text: 'No assets are selected.' }));
    } catch {
      // The request's failure is worded by the global handling (spec section 8).
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        variant={variant}
        aria-label={ariaLabel}
        disabled={loading || (typeof choices !== 'function' && choices.length === 0)}
        onClick={() => void start()}
      >
        {PLAN_TASKS_LABEL}
      </Button>
      {planning && <PlanTasksDialog choices={planning} onClose={() => setPlanning(null)} />}
    </>
  );
}
