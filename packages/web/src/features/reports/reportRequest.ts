/**
 * What a report is asked for on, as the places that offer Report… hand it over: the object type,
 * where it is asked (which decides the reports offered), what it is made of, and a name to start
 * from. Those places belong to other features, so the editions build these with the helpers here.
 */
import { format } from 'date-fns';
import type { AdditionalRestrictions, FilterDefinition } from '@manway/core/api/filters';
import {
  REPORT_NAME_MAX_LENGTH,
  REPORT_OBJECT_TYPES,
  ReportName,
  type ReportObjectType,
  type ReportUiContext,
} from '@manway/core/api/reports';
import { REPORT_NAME_FORBIDDEN_CHARACTERS } from '@manway/core/rules/names';
import type { ReportSourceBody } from './api/reportTaskCommands';

export interface ReportRequest {
  objectType: ReportObjectType;
  uiContext: ReportUiContext;
  source: ReportSourceBody;
  /** The asset list's columns: the search grid's visible properties, in order. */
  columns?: readonly string[];
  /** The name the dialog starts with. */
  defaultName: string;
  /** What the report is of, in words, at the top of the dialog ('Inspection S-00001'). */
  subject?: string;
}

export const idsSource = (ids: readonly number[]): ReportSourceBody => ({ kind: 'ids', ids: [...ids] });

/** The search calls' form: the filter and its restrictions as JSON text. */
export const filterSource = (filter: FilterDefinition, restrictions?: AdditionalRestrictions): ReportSourceBody => ({
  kind: 'filter',
  filter: JSON.stringify(filter),
  ...(restrictions ? { additionalRestrictions: JSON.stringify(restrictions) } : {}),
});

export const savedFilterSource = (name: string): ReportSourceBody => ({ kind: 'saved-filter', name });

/** The report object type of an asset type or map layer ('Section' → 'section'); null for others. */
export function reportObjectType(type: string): ReportObjectType | null {
  const key = type.toLowerCase();
  return REPORT_OBJECT_TYPES.find((t) => t === key) ?? null;
}

const FORBIDDEN = new RegExp(`[${REPORT_NAME_FORBIDDEN_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');

/**
 * A name to start from: what the report is of and a day (yyyy-MM-dd), without the characters a
 * report name may not hold (a saved filter's name may have them), within the longest name allowed.
 */
export function defaultReportName(subject: string, day: Date = new Date()): string {
  const date = format(day, 'yyyy-MM-dd');
  const clean = subject.replace(FORBIDDEN, ' ').replace(/\s+/g, ' ').trim();
  return `${clean.slice(0, REPORT_NAME_MAX_LENGTH - date.length - 1).trim()} ${date}`.trim();
}

/** The first thing wrong with a name as the user typed it (core's ReportName), or null. */
export function reportNameError(name: string): string | null {
  const checked = ReportName.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
