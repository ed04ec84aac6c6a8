/** Deleting projects and subjects: POST with the ids in the body (spec section 7). */
import { z } from 'zod';

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
