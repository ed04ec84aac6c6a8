/** What a refused save of the installation's settings tells the page: a conflict, or messages by field. */
import { isModelStateBody } from '@manway/core/api/errors';
import type { RequestFailureDetails } from '../../shell/request/lifecycle';

export type SaveFailure =
  /** Another administrator saved first: the settings are read again and the edits give way. */
  | { kind: 'conflict' }
  /** Bad values: each message at the field the server named ('basemaps.2.url'). */
  | { kind: 'fields'; fields: Record<string, string> }
  /** Anything else, told already by the global handling; the edits stay for another try. */
  | { kind: 'other' };

function isFailure(error: unknown): error is RequestFailureDetails {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

export function saveFailure(error: unknown): SaveFailure {
  if (!isFailure(error)) return { kind: 'other' };
  if (error.status === 409) return { kind: 'conflict' };
  if (error.status !== 400 || !isModelStateBody(error.data)) return { kind: 'other' };
  const fields: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.data.ModelState)) fields[key] = messages.join(' ');
  return { kind: 'fields', fields };
}

/** The messages of a zod check by the path they name, as the server would name them. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    fields[key] = fields[key] ? `${fields[key]} ${issue.message}` : issue.message;
  }
  return fields;
}
