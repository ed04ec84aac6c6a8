/**
 * zod schemas for values that end in PostgreSQL columns, built on the rules of
 * rules/postgres-values.ts: what a column would refuse is a 400 naming the field, never a failed
 * statement.
 */
import { z } from 'zod';
import { timestampProblem } from '../rules/postgres-values';

/** An ISO 8601 timestamp with its offset that a timestamptz column takes (years 1800–2200). */
export const StoredTimestamp = z
  .string()
  .max(40)
  .superRefine((text, ctx) => {
    const problem = timestampProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
