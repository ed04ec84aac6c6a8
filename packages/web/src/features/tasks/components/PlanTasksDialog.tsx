import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isModelStateBody } from '@manway/core/api/errors';
import {
  TASK_TYPES,
  type BulkCreateValidation,
  type PlanTasksRequest,
  type SkippedAsset,
  type TaskType,
} from '@manway/core/api/work';
import { Button } from '../../../ui/controls/Button';
import { BoundedModal } from '../../../ui/modal/Modal';
import { useGetAssigneesQuery } from '../api/assignees';
import { useBulkCreateTasksMutation, useValidatePlanMutation } from '../api/planTasks';
import { useGetProjectsQuery } from '../api/projects';
import { TASK_TYPE_LABELS } from '../taskLabels';
import type { PlanChoice } from './planSelection';
import { projectHref } from './projectsLocation';
import '../../../ui/fields/fields.css';
import './PlanTasksDialog.css';

type Field = 'projectId' | 'taskType' | 'dueDate' | 'assignedTo' | 'scheduledDate';
type Errors = Partial<Record<Field | 'selection' | 'form', string>>;

const FIELDS: readonly Field[] = ['projectId', 'taskType', 'dueDate', 'assignedTo', 'scheduledDate'];

interface Draft {
  projectId: string;
  taskType: TaskType;
  dueDate: string;
  assignedTo: string;
  scheduledDate: string;
}

export const CHOOSE_PROJECT = 'Choose the project the tasks belong to.';

const tasks = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'task' : 'tasks'}`;

function requestOf(draft: Draft, choice: PlanChoice): PlanTasksRequest {
  return {
    projectId: Number(draft.projectId),
    taskType: draft.taskType,
    selection: choice.selection,
    ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
    ...(draft.assignedTo ? { assignedTo: draft.assignedTo } : {}),
    ...(draft.assignedTo && draft.scheduledDate ? { scheduledDate: draft.scheduledDate } : {}),
  };
}

/** A 400's messages at the fields they name; the selection's (and anything else's) above the form. */
export function planErrors(error: unknown): Errors | null {
  const data = (error as { status?: unknown; data?: unknown } | null)?.data;
  if (!isModelStateBody(data)) return null;
  const errors: Errors = {};
  for (const [key, messages] of Object.entries(data.ModelState)) {
    const text = messages[0];
    if (text === undefined) continue;
    const field = FIELDS.find((f) => f === key);
    const at = field ?? (key.startsWith('selection') ? 'selection' : 'form');
    errors[at] = errors[at] ? `${errors[at]} ${text}` : text;
  }
  return errors;
}

function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const described = error ?? hint;
  return (
    <div className={`mw-field${error ? ' mw-field--invalid' : ''}`}>
      <label className="mw-field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': messageId } : {}),
      })}
      {error ? (
        <p id={messageId} className="mw-field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mw-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The counts of a check or of the creation, and the skipped assets with the server's reason. */
function PlanCounts({ answer, created }: { answer: BulkCreateValidation; created?: number }) {
  const listed: SkippedAsset[] = answer.skipped;
  const unlisted = answer.skippedCount - listed.length;
  return (
    <>
      <dl className="mw-plan__counts">
        <div>
          <dt>Selected</dt>
          <dd>{answer.selected.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>{created === undefined ? 'Will be created' : 'Created'}</dt>
          <dd>{(created ?? answer.willCreate).toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{answer.skippedCount.toLocaleString('en')}</dd>
        </div>
      </dl>
      {listed.length > 0 && (
        <>
          <h3 className="mw-plan__subtitle">Skipped, and why</h3>
          <ul className="mw-plan__skipped" aria-label="Skipped assets">
            {listed.map((s) => (
              <li key={s.assetId}>
                <strong>{s.assetReadableId ?? `Id ${s.assetId}`}</strong>: {s.message}
              </li>
            ))}
          </ul>
          {unlisted > 0 && <p className="mw-plan__more">and {unlisted.toLocaleString('en')} more</p>}
        </>
      )}
    </>
  );
}

/**
 * Plans tasks on a selection of assets in two steps. Check asks the server what would be made and
 * what skipped, and why, writing nothing; Create then makes them in one request whatever their
 * number (one transaction, one assignment for the crew), with a progress bar while it runs. Any
 * change to the plan after a check asks for a new check.
 */
export function PlanTasksDialog({ choices, onClose }: { choices: readonly PlanChoice[]; onClose: () => void }) {
  const projects = useGetProjectsQuery(undefined, { refetchOnMountOrArgChange: true });
  const assignees = useGetAssigneesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [validate, { isLoading: checking }] = useValidatePlanMutation();
  const [bulkCreate, { isLoading: creating, data: created }] = useBulkCreateTasksMutation();
  const open = projects.data?.filter((p) => p.open) ?? [];
  const onlyProject = open.length === 1 ? String(open[0]!.id) : '';

  const [choiceIndex, setChoiceIndex] = useState(0);
  const [draft, setDraft] = useState<Draft>({
    projectId: '',
    taskType: 'inspect',
    dueDate: '',
    assignedTo: '',
    scheduledDate: '',
  });
  const [checked, setChecked] = useState<BulkCreateValidation | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const choice = choices[choiceIndex] ?? choices[0]!;
  // The one open project is the obvious choice until the user picks.
  const projectId = draft.projectId || onlyProject;
  const request = projectId ? requestOf({ ...draft, projectId }, choice) : null;
  const project = projects.data?.find((p) => p.id === Number(projectId));
  const done = created !== undefined;

  const change = (next: Partial<Draft>, field?: Field) => {
    setDraft((d) => ({ ...d, ...next }));
    setChecked(null);
    if (field) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const check = async () => {
    if (!request) {
      setErrors({ projectId: CHOOSE_PROJECT });
      return;
    }
    setErrors({});
    try {
      setChecked(await validate(request).unwrap());
    } catch (error) {
      // Other failures are worded by the global handling (spec section 8).
      setErrors(planErrors(error) ?? {});
    }
  };

  const create = async () => {
    if (!request) return;
    try {
      await bulkCreate(request).unwrap();
    } catch (error) {
      const fields = planErrors(error);
      if (fields) {
        setErrors(fields);
        setChecked(null);
      }
    }
  };

  const busy = checking || creating;
  const toCreate = checked?.willCreate ?? 0;

  const footer = done ? (
    <>
      <Button onClick={onClose}>Close</Button>
      <Link className="mw-button mw-button--primary" to={projectHref(Number(projectId))} onClick={onClose}>
        Show the project’s tasks
      </Link>
    </>
  ) : (
    <>
      <Button onClick={onClose} disabled={creating}>
        Cancel
      </Button>
      {checked ? (
        <Button variant="primary" disabled={toCreate === 0 || busy} onClick={() => void create()}>
          Create {tasks(toCreate)}
        </Button>
      ) : (
        // Until the projects are in, the one open project cannot be chosen for the user.
        <Button variant="primary" disabled={busy || !projects.data} onClick={() => void check()}>
          Check
        </Button>
      )}
    </>
  );

  return (
    <BoundedModal
      title="Plan tasks"
      onDismiss={() => {
        // The request is under way and cannot be taken back: its result is worth seeing.
        if (!creating) onClose();
      }}
      maxWidth="44rem"
      maxHeight="90vh"
      className="mw-plan"
      footer={footer}
    >
      <p className="mw-plan__what" data-testid="plan-selection">
        {choice.description}
      </p>
      {choices.length > 1 && (
        <fieldset className="mw-plan__choices" disabled={busy || done}>
          <legend>Plan on</legend>
          {choices.map((c, index) => (
            <label key={c.label} className="mw-plan__choice">
              <input
                type="radio"
                name="plan-on"
                checked={index === choiceIndex}
                onChange={() => {
                  setChoiceIndex(index);
                  setChecked(null);
                  setErrors(({ selection: _gone, ...rest }) => rest);
                }}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
      {(errors.selection ?? errors.form) && (
        <p className="mw-plan__error" role="alert">
          {[errors.selection, errors.form].filter(Boolean).join(' ')}
        </p>
      )}

      <fieldset className="mw-plan__fields" disabled={busy || done}>
        <legend className="mw-visually-hidden">The tasks</legend>
        <FormField
          label="Project"
          error={errors.projectId}
          hint={projects.data && open.length === 0 ? 'There is no open project to plan in.' : undefined}
        >
          {(control) => (
            <select
              {...control}
              className="mw-field__input"
              value={projectId}
              disabled={!projects.data}
              onChange={(e) => change({ projectId: e.target.value }, 'projectId')}
            >
              <option value="">{projects.data ? 'Choose a project' : 'Loading…'}</option>
              {open.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Task type" error={errors.taskType}>
          {(control) => (
            <select
              {...control}
              className="mw-field__input"
              value={draft.taskType}
              onChange={(e) => change({ taskType: e.target.value as TaskType }, 'taskType')}
            >
              {TASK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TASK_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Due date" error={errors.dueDate}>
          {(control) => (
            <input
              {...control}
              type="date"
              className="mw-field__input"
              value={draft.dueDate}
              onChange={(e) => change({ dueDate: e.target.value }, 'dueDate')}
            />
          )}
        </FormField>
        <FormField
          label="Crew member"
          error={errors.assignedTo}
          hint={draft.assignedTo ? undefined : 'Optional: unassigned work goes to whoever starts it.'}
        >
          {(control) => (
            <select
              {...control}
              className="mw-field__input"
              value={draft.assignedTo}
              disabled={!assignees.data}
              onChange={(e) =>
                change({ assignedTo: e.target.value, ...(e.target.value ? {} : { scheduledDate: '' }) }, 'assignedTo')
              }
            >
              <option value="">{assignees.data ? 'Nobody yet' : 'Loading…'}</option>
              {assignees.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.displayName} ({a.login})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Scheduled date"
          error={errors.scheduledDate}
          hint={draft.assignedTo ? undefined : 'Choose a crew member first.'}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              className="mw-field__input"
              value={draft.scheduledDate}
              disabled={!draft.assignedTo}
              onChange={(e) => change({ scheduledDate: e.target.value }, 'scheduledDate')}
            />
          )}
        </FormField>
      </fieldset>

      {checked && !creating && !done && (
        <section className="mw-plan__result" aria-label="Check" data-testid="plan-check">
          <p className="mw-plan__note">
            {toCreate === 0
              ? 'Nothing to create: every selected asset is skipped.'
              : `${tasks(toCreate)} will be created in ${project?.name ?? 'the project'}. Nothing has been written yet.`}
          </p>
          <PlanCounts answer={checked} />
        </section>
      )}
      {creating && (
        <section className="mw-plan__result" aria-label="Creating" data-testid="plan-progress">
          <progress className="mw-plan__progress" aria-label={`Creating ${tasks(toCreate)}`} />
          <p className="mw-plan__note" role="status">
            Creating {tasks(toCreate)}…
          </p>
        </section>
      )}
      {done && (
        <section className="mw-plan__result" aria-label="Created" data-testid="plan-created">
          <progress
            className="mw-plan__progress"
            aria-label="Tasks created"
            max={Math.max(created.willCreate, 1)}
            value={created.willCreate}
          />
          <p className="mw-plan__done" role="status">
            {tasks(created.created)} created
          </p>
          <PlanCounts answer={created} created={created.created} />
        </section>
      )}
    </BoundedModal>
  );
}
