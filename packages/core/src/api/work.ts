/** Deleting projects and subjects: POST with the ids in the body (spec section 7). */
import { z } from 'zod';
import { ObjectIdParam } from './objects';

const Ids = z.array(z.number().int().positive()).min(1).max(1000);
/** Versions read, parallel to the ids; a stale one answers 409 and deletes nothing. */
const Versions = z.array(z.number().int().positive()).max(1000).optional();

export const DeleteProjectsRequest = z
  .object({ ProjectIds: Ids, Versions })
  .strict()
  .refine((b) => !b.Versions || b.Versions.length === b.ProjectIds.length, {
    path: ['Versions'],
    message: 'Give one version per project, or none.',
  });
export type DeleteProjectsRequest = z.infer<typeof DeleteProjectsRequest>;

export const DeleteSubjectsRequest = z
  .object({ SubjectIds: Ids, Versions })
  .strict()
  .refine((b) => !b.Versions || b.Versions.length === b.SubjectIds.length, {
    path: ['Versions'],
    message: 'Give one version per subject, or none.',
  });
export type DeleteSubjectsRequest = z.infer<typeof DeleteSubjectsRequest>;

export const DeletedIds = z.object({ Deleted: z.array(z.number()) });
export type DeletedIds = z.infer<typeof DeletedIds>;

// Inspections -----------------------------------------------------------------------------------

/**
 * GET api/inspections lists the inspections of a task (taskId, as the spec names it) or of an asset
 * (parentObjectType and parentObjectId, as GET api/tasks names its parent); exactly one of the two.
 */
export const InspectionsQuery = z.object({
  taskId: ObjectIdParam.optional(),
  parentObjectType: z.string().min(1).max(100).optional(),
  parentObjectId: ObjectIdParam.optional(),
});
export type InspectionsQuery = z.infer<typeof InspectionsQuery>;

export const INSPECTION_STATUSES = ['incomplete', 'pending', 'completed'] as const;

export const InspectionSummary = z.object({
  id: z.number(),
  /** The inspected asset: its type name (Node, Section, Lateral), id and readable id. */
  assetType: z.string(),
  assetId: z.number(),
  assetReadableId: z.string(),
  taskId: z.number().nullable(),
  standardId: z.string(),
  inspectedAt: z.string(),
  status: z.enum(INSPECTION_STATUSES),
  direction: z.enum(['downstream', 'upstream']).nullable(),
  lengthSurveyedM: z.number().nullable(),
  observationCount: z.number().int(),
  /** The inspection's structural peak grade (its cached score, 0 to 5), null while unscored. */
  structuralPeak: z.number().int().nullable(),
  version: z.number().int(),
});
export type InspectionSummary = z.infer<typeof InspectionSummary>;
export const InspectionSummaryList = z.array(InspectionSummary);
