/**
 * Naming things the user owns (saved filters, dashboards, reports): whether a new name may be used.
 */
import type { ValidationResult } from './field-validation';

export const NAME_VALIDATION_RESULTS = ['Same', 'Valid', 'Empty', 'ForbiddenValue', 'Invalid'] as const;
export type NameValidationResult = (typeof NAME_VALIDATION_RESULTS)[number];

export interface NameValidationOptions {
  /** The name the thing has now; answering it again is no rename. */
  current?: string | null;
  /** Names already taken or reserved. */
  forbidden?: readonly string[];
  /** Characters the name may not contain, e.g. those a file name cannot hold. */
  invalidCharacters?: string;
}

/**
 * A trimmed empty name gives Empty, the current name gives Same, a name in the forbidden list gives
 * ForbiddenValue, a name with an invalid character gives Invalid; otherwise Valid. Names are compared
 * trimmed, since surrounding spaces are invisible in a list.
 */
export function validateName(name: string, options: NameValidationOptions = {}): NameValidationResult {
  const trimmed = name.trim();
  if (trimmed === '') return 'Empty';
  if (options.current !== undefined && options.current !== null && trimmed === options.current.trim()) return 'Same';
  if (options.forbidden?.some((taken) => taken.trim() === trimmed)) return 'ForbiddenValue';
  if (options.invalidCharacters && containsAnyOf(trimmed, options.invalidCharacters)) return 'Invalid';
  return 'Valid';
}

function containsAnyOf(text: string, characters: string): boolean {
  return [...characters].some((character) => text.includes(character));
}

/** Reports become files on the user's disk: these are the characters Windows refuses in a file name. */
export const REPORT_NAME_FORBIDDEN_CHARACTERS = '<>:"/\\?*';
export const REPORT_NAME_MESSAGE = 'Report name should not contain the following characters: <>:"/\\?*';

export function validateReportName(name: string): ValidationResult {
  return containsAnyOf(name, REPORT_NAME_FORBIDDEN_CHARACTERS)
    ? { valid: false, message: REPORT_NAME_MESSAGE }
    : { valid: true };
}
