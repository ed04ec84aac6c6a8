/**
 * Observations and connected subjects (main-app spec section 7, "Observations and connected subjects",
 * and the submission of section 3). Both follow one pattern: listed by parent, deleted by id and kind,
 * created and changed by a multipart request whose `Data` part is the JSON below and whose `Files[]`
 * parts are the files to attach (on update `FilesToRemove` names media ids to detach). Media are
 * answered by id and name only: a storage key or path never leaves the server.
 */
import { z } from 'zod';
import { ObjectIdParam } from './objects';
import { UiContext } from './forms';
import { FormLocation, FormValues, SubjectInfo } from '../forms/template';

/** The `kind` of `DELETE api/{x}/{id}?kind` and `PUT api/{x}/{id}?kind`: which list the id belongs to. */
export const RECORD_KINDS = ['Observation', 'ConnectedSubject'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Objects a connected subject can hang from (an observation's parent is always an inspection). */
export const SUBJECT_PARENT_TYPES = ['Node', 'Section', 'Lateral', 'Inspection', 'Observation'] as const;

/** What a subject can be (subjects.kind). */
export const SUBJECT_KINDS = ['lateral-connection', 'root-source', 'hazard', 'note'] as const;

/** GET api/{x}: the parent, by type name as the other calls write it (any case), and the screen asking. */
export const RecordsQuery = z.object({
  parentObjectId: ObjectIdParam,
  parentObjectType: z.string().min(1).max(100),
  uiContext: UiContext.optional(),
});
export type RecordsQuery = z.infer<typeof RecordsQuery>;

export const RecordParams = z.object({ id: ObjectIdParam });

/** `?kind` names the list; without it the list of the path is meant. DELETE may name the version read. */
export const RecordKindQuery = z.object({ kind: z.enum(RECORD_KINDS).optional() });
export const RecordDeleteQuery = RecordKindQuery.extend({
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/**
 * The `Data` part: the form's values and where they belong. Observations name their inspection
 * (`InspectionId`, or `ParentObjectType` Inspection with `ParentObjectId`); connected subjects name
 * their parent and either an existing subject (`SubjectId`) or a new one (`Subject`, kind and label).
 * `Version` is the version read and is required on update.
 */
export const RecordData = z.object({
  InspectionId: ObjectIdParam.optional(),
  SubjectId: ObjectIdParam.optional(),
  ParentObjectType: z.string().min(1).max(100).optional(),
  ParentObjectId: ObjectIdParam.optional(),
  FormValues: FormValues,
  Subject: SubjectInfo.optional(),
  UiContext: UiContext.optional(),
  Version: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type RecordData = z.infer<typeof RecordData>;

/** Most files one request may attach, and most media ids it may remove. */
export const MAX_FILES_PER_REQUEST = 20;

/** `FilesToRemove`: media ids, as a JSON array (or one id per part). */
export const FilesToRemove = z.array(ObjectIdParam).max(100);

/**
 * The multipart body as OpenAPI shows it. The server reads the parts as a stream (files go to disk
 * while they arrive), so this schema documents the request rather than validating it.
 */
export const RecordMultipart = z.object({
  Data: z.string().max(1_000_000).describe('RecordData as JSON text'),
  Files: z
    .array(z.file())
    .max(MAX_FILES_PER_REQUEST)
    .optional()
    .describe('Files to attach; JPEG, PNG, MP4, QuickTime, MPEG or PDF by their content'),
  FilesToRemove: z.string().max(2000).optional().describe('Media ids to detach, as a JSON array (update only)'),
});

export const RecordMedia = z.object({
  id: z.number(),
  fileName: z.string(),
  kind: z.enum(['image', 'video', 'document', 'fusion']),
  contentType: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
});
export type RecordMedia = z.infer<typeof RecordMedia>;

export const ObservationItem = z.object({
  id: z.number(),
  inspectionId: z.number(),
  version: z.number(),
  values: FormValues,
  media: z.array(RecordMedia),
});
export type ObservationItem = z.infer<typeof ObservationItem>;

export const ConnectedSubjectItem = z.object({
  id: z.number(),
  parentObjectType: z.string(),
  parentObjectId: z.number(),
  subject: z.object({ id: z.number(), kind: z.string(), label: z.string() }),
  location: FormLocation.nullable(),
  values: FormValues,
  version: z.number(),
  media: z.array(RecordMedia),
});
export type ConnectedSubjectItem = z.infer<typeof ConnectedSubjectItem>;

export const ObservationList = z.object({ items: z.array(ObservationItem) });
export const ConnectedSubjectList = z.object({ items: z.array(ConnectedSubjectItem) });

export const RecordDeleted = z.object({ id: z.number() });
