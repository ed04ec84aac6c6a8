import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { showNotification, type NotificationType } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { GalleryExample, GallerySection } from './GallerySection';

const NO_MESSAGE: ConfirmConfig = { type: 'noMessage', title: 'Leave this page without saving?' };
const NORMAL: ConfirmConfig = {
  type: 'normal',
  title: 'Publish the report?',
  text: 'Every user will see “Condition summary, Harbour” in their report list. Publishing cannot be taken back.',
  proceedButtonText: 'Publish',
};
const CRITICAL: ConfirmConfig = {
  type: 'critical',
  title: 'Remove the inspection standard?',
  text: 'Inspections recorded against it keep their codes but can no longer be edited.',
  checkboxLabel: 'I understand that this cannot be undone',
  proceedButtonText: 'Remove',
};

const NOTIFICATION_SAMPLES: [NotificationType, string, string][] = [
  ['info', 'Sync started', 'Planned work is on its way to 3 field devices.'],
  ['success', 'Report ready', '“Condition summary, Harbour” can be downloaded.'],
  ['warning', 'Licence ends soon', 'The licence for this server ends in 14 days.'],
  ['error', 'Upload failed', 'The photo of MH-000123 could not be uploaded.'],
];

export function ConfirmDemo({ selectedCount, onMassDelete }: { selectedCount: number; onMassDelete: () => void }) {
  const dispatch = useAppDispatch();

  const ask = async (config: ConfirmConfig) => {
    const proceeded = await dispatch(confirm(config));
    dispatch(
      showNotification({
        type: proceeded ? 'success' : 'info',
        title: `confirm() answered ${String(proceeded)}`,
        text: proceeded
          ? `“${config.proceedButtonText ?? 'Proceed'}” was chosen in the ${config.type} confirmation.`
          : `The ${config.type} confirmation was cancelled.`,
      }),
    );
  };

  return (
    <GallerySection
      id="confirm"
      title="Confirmations and notifications"
      files={[
        ['confirm()', 'shell/confirm/confirm.ts'],
        ['ConfirmDialog', 'shell/confirm/ConfirmDialog.tsx'],
        ['showNotification', 'shell/notifications/notificationsSlice.ts'],
        ['NotificationArea', 'shell/notifications/NotificationArea.tsx'],
      ]}
      description="dispatch(confirm(config)) shows the one confirmation dialog and resolves true or false; each answer here appears as a notification. Critical waits for the box to be ticked, mass delete for the number of objects to be typed. Successes and information hide after 3 seconds; warnings and errors stay."
    >
      <GalleryExample title="The four confirmation types">
        <div className="mw-gallery-row">
          <Button onClick={() => void ask(NO_MESSAGE)}>No message</Button>
          <Button onClick={() => void ask(NORMAL)}>Normal</Button>
          <Button variant="danger" disabled={selectedCount === 0} onClick={onMassDelete}>
            Mass delete ({selectedCount})
          </Button>
          <Button variant="danger" onClick={() => void ask(CRITICAL)}>
            Critical
          </Button>
        </div>
        <p className="mw-gallery-note">
          Mass delete removes the rows selected in the grid above
          {selectedCount === 0 ? ': select some first.' : '.'}
        </p>
      </GalleryExample>
      <GalleryExample title="Notifications">
        <div className="mw-gallery-row">
          {NOTIFICATION_SAMPLES.map(([type, title, text]) => (
            <Button key={type} onClick={() => dispatch(showNotification({ type, title, text }))}>
              {type[0]!.toUpperCase() + type.slice(1)}
            </Button>
          ))}
        </div>
      </GalleryExample>
    </GallerySection>
  );
}
