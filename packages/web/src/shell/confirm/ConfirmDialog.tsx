import { useId, useState } from 'react';
import { Button } from '../../ui/controls/Button';
import { Modal } from '../../ui/modal/Modal';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { confirmAccepted, confirmRejected, type ShownConfirm } from './confirmSlice';
import './ConfirmDialog.css';

export const DEFAULT_PROCEED_TEXT = 'Proceed';
export const DEFAULT_CANCEL_TEXT = 'Cancel';
export const DEFAULT_CRITICAL_CHECKBOX_LABEL = 'I understand that this cannot be undone';

export function massDeleteLabel(count: number): string {
  return `Type ${count} to confirm`;
}

interface ViewProps {
  config: ShownConfirm;
  onProceed: () => void;
  onCancel: () => void;
}

function ConfirmDialogView({ config, onProceed, onCancel }: ViewProps) {
  const type = config.type ?? 'normal';
  const titleId = useId();
  const textId = useId();
  const inputId = useId();
  const [acknowledged, setAcknowledged] = useState(false);
  const [typedCount, setTypedCount] = useState('');

  const blocked =
    config.disabledProceed === true ||
    (type === 'critical' && !acknowledged) ||
    (type === 'massDelete' && typedCount.trim() !== String(config.count ?? ''));
  const showText = type !== 'noMessage' && Boolean(config.text);
  const destructive = type === 'critical' || type === 'massDelete';

  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={showText ? textId : undefined} onDismiss={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked) onProceed();
        }}
      >
        <h2 id={titleId} className="mw-dialog__title">
          {config.title}
        </h2>
        {showText && (
          <p id={textId} className="mw-confirm__text">
            {config.text}
          </p>
        )}
        {type === 'critical' && (
          <label className="mw-confirm__check">
            <input type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />
            <span>{config.checkboxLabel ?? DEFAULT_CRITICAL_CHECKBOX_LABEL}</span>
          </label>
        )}
        {type === 'massDelete' && (
          <div className="mw-confirm__count">
            <label htmlFor={inputId}>{massDeleteLabel(config.count ?? 0)}</label>
            <input
              id={inputId}
              inputMode="numeric"
              autoComplete="off"
              value={typedCount}
              onChange={(event) => setTypedCount(event.target.value)}
            />
          </div>
        )}
        <div className="mw-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            {config.cancelButtonText ?? DEFAULT_CANCEL_TEXT}
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} disabled={blocked}>
            {config.proceedButtonText ?? DEFAULT_PROCEED_TEXT}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Renders the single confirmation slot; see confirm() for the promise side. */
export function ConfirmDialog() {
  const current = useAppSelector((state) => state.confirm.current);
  const dispatch = useAppDispatch();
  if (!current) return null;
  return (
    <ConfirmDialogView
      key={current.id}
      config={current}
      onProceed={() => dispatch(confirmAccepted())}
      onCancel={() => dispatch(confirmRejected())}
    />
  );
}
