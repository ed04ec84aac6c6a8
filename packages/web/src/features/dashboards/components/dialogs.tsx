/** The dashboards' small dialogs: a question with several answers, and a dashboard name to give. */
import { useId, useState, type FormEvent } from 'react';
import { DASHBOARD_NAME_MAX_LENGTH, type DashboardSummary } from '@manway/core/api/dashboards';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { Button, type ButtonVariant } from '../../../ui/controls/Button';
import { Modal } from '../../../ui/modal/Modal';

export interface Choice<T extends string> {
  value: T;
  label: string;
  variant?: ButtonVariant;
}

/** A question the user answers with one of its buttons; Escape or a click outside answers `cancel`. */
export function ChoiceDialog<T extends string>({
  title,
  text,
  choices,
  cancel,
  onChoose,
}: {
  title: string;
  text: string;
  choices: readonly Choice<T>[];
  cancel: T;
  onChoose(choice: T): void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={textId} onDismiss={() => onChoose(cancel)}>
      <h2 id={titleId} className="mw-dialog__title">
        {title}
      </h2>
      <p id={textId}>{text}</p>
      <div className="mw-dialog__actions">
        {choices.map((c) => (
          <Button key={c.value} variant={c.variant ?? 'secondary'} onClick={() => onChoose(c.value)}>
            {c.label}
          </Button>
        ))}
      </div>
    </Modal>
  );
}

/** The catalogue's 'Dashboard name is too long' for a name past the limit, before it is sent. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a dashboard name.';
  if (name.trim().length > DASHBOARD_NAME_MAX_LENGTH) {
    const m = KNOWN_ERROR_MESSAGES['dashboard/name-too-long'];
    return `${m.title}. ${m.text}`;
  }
  return null;
}

function NameField({
  id,
  value,
  onChange,
  problem,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
  problem: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="mw-dash-field">
      <label htmlFor={id}>Dashboard name</label>
      <input
        id={id}
        className="mw-compact-input"
        value={value}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && (
        <p id={errorId} className="mw-dash-field__error">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Asks the name of a dashboard to make (Save as new dashboard, a new dashboard's first save). */
export function NameDialog({
  title,
  proceedText,
  initial = '',
  onSubmit,
  onCancel,
}: {
  title: string;
  proceedText: string;
  initial?: string;
  onSubmit(name: string): void;
  onCancel(): void;
}) {
  const titleId = useId();
  const inputId = useId();
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = nameProblem(name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!problem) onSubmit(name.trim());
  };
  return (
    <Modal labelledBy={titleId} onDismiss={onCancel}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="mw-dialog__title">
          {title}
        </h2>
        <NameField
          id={inputId}
          value={name}
          onChange={setName}
          problem={tried || name.length > DASHBOARD_NAME_MAX_LENGTH ? problem : null}
        />
        <div className="mw-dialog__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary">
            {proceedText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Import: a global or another user's dashboard, under a new name of the user's own. */
export function ImportDialog({
  dashboards,
  onSubmit,
  onCancel,
}: {
  dashboards: readonly DashboardSummary[];
  onSubmit(source: string, newName: string): void;
  onCancel(): void;
}) {
  const titleId = useId();
  const sourceId = useId();
  const inputId = useId();
  const sources = dashboards.filter((d) => !d.mine);
  const [source, setSource] = useState(sources[0]?.name ?? '');
  const [name, setName] = useState(sources[0] ? `${sources[0].name} (mine)` : '');
  const [tried, setTried] = useState(false);
  const problem = nameProblem(name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!problem && source) onSubmit(source, name.trim());
  };
  return (
    <Modal labelledBy={titleId} onDismiss={onCancel}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="mw-dialog__title">
          Import a dashboard
        </h2>
        {sources.length === 0 ? (
          <p>There is no global or shared dashboard to import.</p>
        ) : (
          <>
            <div className="mw-dash-field">
              <label htmlFor={sourceId}>Dashboard to import</label>
              <select
                id={sourceId}
                className="mw-compact-input"
                value={source}
                onChange={(e) => {
                  setSource(e.target.value);
                  setName(`${e.target.value} (mine)`);
                }}
              >
                {sources.map((d) => (
                  <option key={d.name} value={d.name}>
                    {d.name} {d.global ? '(global)' : `(${d.ownerName})`}
                  </option>
                ))}
              </select>
            </div>
            <NameField
              id={inputId}
              value={name}
              onChange={setName}
              problem={tried || name.length > DASHBOARD_NAME_MAX_LENGTH ? problem : null}
            />
          </>
        )}
        <div className="mw-dialog__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={sources.length === 0}>
            Import
          </Button>
        </div>
      </form>
    </Modal>
  );
}
