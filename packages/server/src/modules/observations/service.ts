/**
 * Observations and connected subjects (main-app spec section 7): recorded through the form templates
 * stored in the database and checked with the same core rules as the page, each write in one
 * transaction with its media rows and, for observations, the inspection's cached scores and the
 * asset's condition. Attached files arrive as temporary files (storage/service.ts `UploadBatch`) and
 * move to their content addresses only after the transaction commits, when their processing jobs
 * are sent as a gallery upload's are; files no media row names any more are removed after it. Every
 * change names the version it read: a stale one answers 409.
 *
 * Sequence: a new observation goes after the last one of its inspection (max + 1), whatever its
 * distance: the order a crew recorded in is kept, and the grid sorts by distance when asked.
 */
import type { Readable } from 'node:stream';
import { CREATE_DENIED, EDIT_DENIED, FORM_INVALID, MISSING_TEMPLATES } from '@manway/core/api/forms';
import {
  RecordData,
  SUBJECT_KINDS,
  SUBJECT_PARENT_TYPES,
  type ConnectedSubjectItem,
  type ObservationItem,
  type RecordKind,
  type RecordMedia,
  type RecordsQuery,
} from '@manway/core/api/observations';
import { assetCondition, familyScore, scoreInspection, type FamilyScore } from '@manway/core/domain/scoring';
import type { GradeRule, ObservationCodeDef } from '@manway/core/domain/standard';
import { calculateForm } from '@manway/core/forms/calculate';
import {
  FormLocation,
  FormTemplate,
  SubjectInfo,
  templateFields,
  type FormObjectType,
  type FormValue,
  type FormValues,
} from '@manway/core/forms/template';
import { applicableFields, validateForm } from '@manway/core/forms/validate';
import type { InspectionStatus } from '@manway/core/domain/types';
import { mayChangeInspection } from '@manway/core/domain/workflow';
import type { Connection } from '../../db/connection';
import { fail } from '../../errors';
import type { MediaService } from '../media/service';
import type { MediaStore, UploadBatch } from '../storage/service';
import type { CurrentUser } from '../users/service';
import type {
  CodeRow,
  ConnectedRow,
  InspectionRow,
  MediaRow,
  ObservationRow,
  ObservationWrite,
  ObservationsRepository,
  RecordOwner,
} from './repository';

/** A multipart submission as the route read it: the `Data` text, the media ids to remove, the files received. */
export interface Submission {
  data: string | undefined;
  filesToRemove: number[];
  uploads: UploadBatch;
}

export const UNSUPPORTED_FILE = (name: string) =>
  `The file "${name}" is not a supported media file (JPEG, PNG, MP4, QuickTime, MPEG or PDF).`;

export class ObservationsService {
  constructor(
    private readonly repo: ObservationsRepository,
    private readonly media: MediaStore,
    private readonly processing: Pick<MediaService, 'queueProcessing'>,
    private readonly maxFileBytes: number,
  ) {}

  /** A batch for one request's files; the route discards it whatever happens. */
  uploads(): UploadBatch {
    return this.media.uploads(this.maxFileBytes);
  }

  /** Receives one file part; a file over the limit or of no allowed type refuses the whole request. */
  async attach(uploads: UploadBatch, body: Readable, fileName: string, declaredType: string): Promise<void> {
    const name = fileName.slice(0, 255) || 'file';
    const result = await uploads.receive(body, name, declaredType);
    if (result === 'type' || result === 'markup') throw fail.coded('media/unsupported-file', UNSUPPORTED_FILE(name));
    if (result === 'too-large') {
      const mb = Math.floor(this.maxFileBytes / (1024 * 1024));
      throw fail.field('Files', `The file "${name}" is larger than ${mb} MB.`);
    }
  }

  // ---- observations ----

  async listObservations(q: RecordsQuery): Promise<{ items: ObservationItem[] }> {
    if (q.parentObjectType.toLowerCase() !== 'inspection') {
      throw fail.field('parentObjectType', 'Observations belong to an Inspection.');
    }
    const inspection = await this.repo.inspection(q.parentObjectId);
    if (!inspection) throw fail.notFound('Inspection not found');
    const rows = await this.repo.observationsOf(q.parentObjectId);
    const media = await this.mediaByOwner(
      'observation',
      rows.map((r) => Number(r.id)),
    );
    return { items: rows.map((r) => observationItem(r, media.get(r.id) ?? [])) };
  }

  async createObservation(user: CurrentUser, s: Submission): Promise<ObservationItem> {
    const data = parseData(s.data);
    const inspectionId =
      data.InspectionId ??
      (data.ParentObjectType?.toLowerCase() === 'inspection' ? data.ParentObjectId : undefined) ??
      missing('InspectionId', 'Name the inspection the observation belongs to.');
    const { id, added } = await this.repo.transaction(async (tx) => {
      const inspection = await this.repo.inspection(inspectionId, tx, true);
      if (!inspection) throw fail.notFound('Inspection not found');
      mayChange(user, inspection.status, CREATE_DENIED);
      const { write, standardId } = await this.checkedObservation(tx, inspection, data.FormValues, true);
      const sequence = await this.repo.nextSequence(tx, inspectionId);
      write.continuousGroup = await this.continuousGroup(tx, inspectionId, write, undefined);
      const newId = Number(await this.repo.insertObservation(tx, inspectionId, standardId, sequence, write));
      const mediaIds = await this.repo.insertMedia(tx, 'observation', newId, s.uploads.files);
      await this.rescore(tx, inspection);
      return { id: newId, added: mediaIds };
    });
    await this.keepFiles(s, added);
    return this.observation(id);
  }

  async updateObservation(user: CurrentUser, id: number, kind: RecordKind | undefined, s: Submission) {
    expectKind(kind, 'Observation');
    const data = parseData(s.data);
    const version = data.Version ?? missing('Version', 'Send the version of the observation you read.');
    const { freed, added } = await this.repo.transaction(async (tx) => {
      const row = await this.repo.observation(id, tx);
      if (!row) throw fail.notFound('Observation not found');
      const inspection = (await this.repo.inspection(Number(row.inspection_id), tx, true))!;
      mayChange(user, inspection.status, EDIT_DENIED);
      const { write } = await this.checkedObservation(tx, inspection, data.FormValues, false);
      write.continuousGroup = await this.continuousGroup(tx, Number(row.inspection_id), write, row);
      if (!(await this.repo.updateObservation(tx, id, version, write))) throw fail.conflict();
      const removed = await this.repo.deleteMedia(tx, 'observation', [id], s.filesToRemove);
      notOwned(s.filesToRemove, removed);
      const mediaIds = await this.repo.insertMedia(tx, 'observation', id, s.uploads.files);
      await this.rescore(tx, inspection);
      return { freed: removed.map((m) => m.storage_key), added: mediaIds };
    });
    await this.keepFiles(s, added);
    await this.removeUnreferenced(freed);
    return this.observation(id);
  }

  async deleteObservation(user: CurrentUser, id: number, kind: RecordKind | undefined, version: number | undefined) {
    expectKind(kind, 'Observation');
    const freed = await this.repo.transaction(async (tx) => {
      const row = await this.repo.observation(id, tx);
      if (!row) throw fail.notFound('Observation not found');
      const inspection = (await this.repo.inspection(Number(row.inspection_id), tx, true))!;
      mayChange(user, inspection.status, EDIT_DENIED);
      if (!(await this.repo.deleteObservation(tx, id, version))) throw fail.conflict();
      // What hangs from the observation goes with it: its media and the subjects connected to it.
      const connections = await this.repo.deleteConnectionsOf(tx, 'observation', id);
      const removed = [
        ...(await this.repo.deleteMedia(tx, 'observation', [id])),
        ...(await this.repo.deleteMedia(tx, 'connected-subject', connections)),
      ];
      await this.rescore(tx, inspection);
      return removed.map((m) => m.storage_key);
    });
    await this.removeUnreferenced(freed);
    return { id };
  }

  /** One observation as the list answers it (the forms calls read one through this). */
  async observation(id: number): Promise<ObservationItem> {
    const row = await this.repo.observation(id);
    if (!row) throw fail.notFound('Observation not found');
    const media = await this.mediaByOwner('observation', [id]);
    return observationItem(row, media.get(row.id) ?? []);
  }

  /** The form's values checked against the standard's observation template, as a row to write. */
  private async checkedObservation(
    tx: Connection,
    inspection: { standard_id: string },
    values: FormValues,
    creating: boolean,
  ): Promise<{ write: ObservationWrite; standardId: string }> {
    const standardId = inspection.standard_id;
    const template = await this.template('observation', standardId, tx);
    const codes = (await this.repo.codes(standardId, tx)).map(codeDef);
    const now = new Date();
    const errors = validateForm(applicableFields(templateFields(template), values), values, { now, creating, codes });
    const code = values.code;
    if (!errors.code && !(typeof code === 'string' && codes.some((c) => c.code === code))) {
      errors.code = [`Choose a code of the standard ${standardId}.`];
    }
    if (!errors.distanceM && !(typeof values.distanceM === 'number' && values.distanceM >= 0)) {
      errors.distanceM = ['Enter the distance in metres.'];
    }
    if (Object.keys(errors).length > 0) throw fail.validation(errors, FORM_INVALID);
    const calculated = calculateForm('observation', values, { now, codes });
    const continuous = values.continuous === 'S' || values.continuous === 'F' ? values.continuous : null;
    return {
      standardId,
      write: {
        distanceM: values.distanceM as number,
        code: code as string,
        characterisation: text(values.characterisation),
        quantification1: number(values.quantification1),
        quantification2: number(values.quantification2),
        clockFrom: number(values.clockFrom),
        clockTo: number(values.clockTo),
        atJoint: values.atJoint === true,
        continuous,
        continuousGroup: null,
        grade: number(calculated.grade),
        remark: text(values.remark),
        videoOffsetMs: number(values.videoOffsetMs),
      },
    };
  }

  /**
   * A start opens a group of its own; a finish joins the latest start of the same code that no finish
   * has closed. An observation that stays what it was keeps its group.
   */
  private async continuousGroup(
    tx: Connection,
    inspectionId: number,
    w: ObservationWrite,
    before: ObservationRow | undefined,
  ): Promise<number | null> {
    if (w.continuous === null) return null;
    if (before && before.continuous === w.continuous && before.code === w.code) return before.continuous_group;
    if (w.continuous === 'S') return this.repo.nextContinuousGroup(tx, inspectionId);
    const open = await this.repo.openContinuousGroup(tx, inspectionId, w.code);
    if (open === undefined) {
      throw fail.validation({ continuous: [`There is no open start of ${w.code} for this finish.`] }, FORM_INVALID);
    }
    return open;
  }

  /**
   * The inspection's cached family scores over all its observations and, when it is completed, its
   * asset's condition (DOMAIN.md: the worst family peak of the latest completed inspection).
   */
  private async rescore(tx: Connection, inspection: InspectionRow): Promise<void> {
    const inspectionId = Number(inspection.id);
    const assetId = Number(inspection.asset_id);
    const s = await this.repo.standard(inspection.standard_id, tx);
    if (!s) return;
    const scale = { min: s.grade_min, max: s.grade_max, worstIsHigh: s.worst_is_high };
    const observed = await this.repo.scored(tx, inspectionId);
    const scores = scoreInspection(
      observed.map((o) => ({
        family: o.family,
        grade: o.grade,
        distanceM: o.distance_m,
        continuous: o.continuous,
        continuousGroup: o.continuous_group,
      })),
      scale,
      s.continuous_unit_m,
    );
    await this.repo.setScores(tx, inspectionId, scores.structural, scores.operational);
    if (inspection.status === 'completed') await this.recomputeCondition(tx, assetId);
  }

  /**
   * The asset's cached condition: the worst family peak of its latest completed inspection (DOMAIN.md
   * "Condition score"). Run in the transaction that changed an accepted inspection's observations, or
   * that accepted an inspection (the inspections module).
   */
  async recomputeCondition(tx: Connection, assetId: number): Promise<void> {
    const none = familyScore([]);
    const withPeak = (peak: number | null): FamilyScore => ({ ...none, peak: peak ?? 0 });
    const condition = assetCondition(
      (await this.repo.inspectionsOfAsset(tx, assetId)).map((i) => ({
        id: Number(i.id),
        status: i.status,
        inspectedAt: new Date(i.inspected_at),
        scores: { structural: withPeak(i.str_peak), operational: withPeak(i.om_peak) },
      })),
    );
    await this.repo.setCondition(tx, assetId, condition?.grade ?? null, condition?.inspectionId ?? null);
  }

  // ---- connected subjects ----

  async listConnected(q: RecordsQuery): Promise<{ items: ConnectedSubjectItem[] }> {
    const parentType = parentTypeOf(q.parentObjectType, 'parentObjectType');
    const parent = await this.repo.parent(parentType, q.parentObjectId);
    if (!parent) throw fail.notFound('Object not found');
    const rows = await this.repo.connectedOf(parentType, q.parentObjectId);
    const media = await this.mediaByOwner(
      'connected-subject',
      rows.map((r) => Number(r.id)),
    );
    return { items: rows.map((r) => connectedItem(r, media.get(r.id) ?? [])) };
  }

  async createConnected(user: CurrentUser, s: Submission): Promise<ConnectedSubjectItem> {
    const data = parseData(s.data);
    const parentType = parentTypeOf(
      data.ParentObjectType ?? missing('ParentObjectType', 'Name the object the subject is connected to.'),
      'ParentObjectType',
    );
    const parentId = data.ParentObjectId ?? missing('ParentObjectId', 'Name the object the subject is connected to.');
    const { id, added } = await this.repo.transaction(async (tx) => {
      const parent = await this.repo.parent(parentType, parentId, tx);
      if (!parent) throw fail.notFound('Object not found');
      mayChange(user, parent.status, CREATE_DENIED);
      const subject = await this.subjectOf(tx, data);
      const write = await this.checkedConnection(tx, data.FormValues, subject, true);
      const subjectId =
        subject.id ??
        Number(
          await this.repo.insertSubject(
            tx,
            {
              kind: subject.kind,
              label: subject.label,
              assetId: parent.asset_id === null ? null : Number(parent.asset_id),
              inspectionId: parent.inspection_id === null ? null : Number(parent.inspection_id),
            },
            write,
          ),
        );
      const newId = Number(await this.repo.insertConnected(tx, subjectId, parentType, parentId, write));
      const mediaIds = await this.repo.insertMedia(tx, 'connected-subject', newId, s.uploads.files);
      return { id: newId, added: mediaIds };
    });
    await this.keepFiles(s, added);
    return this.connected(id);
  }

  async updateConnected(user: CurrentUser, id: number, kind: RecordKind | undefined, s: Submission) {
    expectKind(kind, 'ConnectedSubject');
    const data = parseData(s.data);
    const version = data.Version ?? missing('Version', 'Send the version of the connection you read.');
    const { freed, added } = await this.repo.transaction(async (tx) => {
      const row = await this.repo.connected(id, tx);
      if (!row) throw fail.notFound('Connected subject not found');
      const parent = await this.repo.parent(row.parent_type, Number(row.parent_id), tx);
      mayChange(user, parent?.status ?? null, EDIT_DENIED);
      const subject = { id: Number(row.subject_id), kind: row.subject_kind, label: row.subject_label };
      const write = await this.checkedConnection(tx, data.FormValues, subject, false);
      if (!(await this.repo.updateConnected(tx, id, version, write))) throw fail.conflict();
      const removed = await this.repo.deleteMedia(tx, 'connected-subject', [id], s.filesToRemove);
      notOwned(s.filesToRemove, removed);
      const mediaIds = await this.repo.insertMedia(tx, 'connected-subject', id, s.uploads.files);
      return { freed: removed.map((m) => m.storage_key), added: mediaIds };
    });
    await this.keepFiles(s, added);
    await this.removeUnreferenced(freed);
    return this.connected(id);
  }

  async deleteConnected(user: CurrentUser, id: number, kind: RecordKind | undefined, version: number | undefined) {
    expectKind(kind, 'ConnectedSubject');
    const freed = await this.repo.transaction(async (tx) => {
      const row = await this.repo.connected(id, tx);
      if (!row) throw fail.notFound('Connected subject not found');
      const parent = await this.repo.parent(row.parent_type, Number(row.parent_id), tx);
      mayChange(user, parent?.status ?? null, EDIT_DENIED);
      if (!(await this.repo.deleteConnected(tx, id, version))) throw fail.conflict();
      return (await this.repo.deleteMedia(tx, 'connected-subject', [id])).map((m) => m.storage_key);
    });
    await this.removeUnreferenced(freed);
    return { id };
  }

  /** One connected subject as the list answers it. */
  async connected(id: number): Promise<ConnectedSubjectItem> {
    const row = await this.repo.connected(id);
    if (!row) throw fail.notFound('Connected subject not found');
    const media = await this.mediaByOwner('connected-subject', [id]);
    return connectedItem(row, media.get(row.id) ?? []);
  }

  /** The subject: an existing one (`SubjectId`, or `Subject` with an id) or a new one (`Subject` without). */
  private async subjectOf(tx: Connection, data: RecordData): Promise<SubjectInfo> {
    const fromValues = SubjectInfo.safeParse(
      (data.FormValues.connection as { subject?: unknown } | undefined)?.subject ??
        (data.FormValues.subject as { subject?: unknown } | undefined)?.subject,
    );
    const given = data.Subject ?? (fromValues.success ? fromValues.data : undefined);
    const existingId = data.SubjectId ?? given?.id ?? undefined;
    if (existingId !== undefined) {
      if (!(await this.repo.subjectExists(tx, existingId)))
        throw fail.field('SubjectId', 'The subject does not exist.');
      return { id: existingId, kind: given?.kind ?? '', label: given?.label ?? '' };
    }
    if (!given) throw fail.field('Subject', 'Choose a subject or describe a new one (kind and label).');
    const errors: Record<string, string[]> = {};
    if (!(SUBJECT_KINDS as readonly string[]).includes(given.kind)) {
      errors['Subject.kind'] = [`Choose one of: ${SUBJECT_KINDS.join(', ')}.`];
    }
    if (given.label.trim() === '') errors['Subject.label'] = ['Enter a label for the subject.'];
    if (Object.keys(errors).length > 0) throw fail.validation(errors, FORM_INVALID);
    return { id: null, kind: given.kind, label: given.label.trim() };
  }

  /** The connection's values checked against its template: the subject and position in `connection`. */
  private async checkedConnection(tx: Connection, values: FormValues, subject: SubjectInfo, creating: boolean) {
    const template = await this.template('connected-subject', null, tx);
    const connection = values.connection as { location?: unknown } | undefined;
    const position = FormLocation.safeParse(connection?.location ?? values.location);
    const location = position.success ? position.data : null;
    const checked: FormValues = { ...values, connection: { subject, location } };
    const errors = validateForm(applicableFields(templateFields(template), checked), checked, {
      now: new Date(),
      creating,
    });
    if (Object.keys(errors).length > 0) throw fail.validation(errors, FORM_INVALID);
    // The subject and its position have columns of their own; the rest of the form is kept as it came.
    const rest = Object.fromEntries(
      Object.entries(values).filter(([k]) => k !== 'connection' && k !== 'subject' && k !== 'location'),
    );
    return { longitude: location?.longitude ?? null, latitude: location?.latitude ?? null, values: rest };
  }

  // ---- shared ----

  /** The stored template; none (or one that no longer reads as a template) is the spec's missing-templates error. */
  private async template(objectType: FormObjectType, standardId: string | null, tx: Connection): Promise<FormTemplate> {
    const parsed = FormTemplate.safeParse(await this.repo.template(objectType, standardId, tx));
    if (!parsed.success) throw fail.coded('form/missing-templates', MISSING_TEMPLATES);
    return parsed.data;
  }

  private async mediaByOwner(owner: RecordOwner, ids: number[]): Promise<Map<string, RecordMedia[]>> {
    const byOwner = new Map<string, RecordMedia[]>();
    if (ids.length === 0) return byOwner;
    for (const m of await this.repo.mediaOf(owner, ids)) {
      const list = byOwner.get(m.owner_id) ?? [];
      list.push(mediaItem(m));
      byOwner.set(m.owner_id, list);
    }
    return byOwner;
  }

  /**
   * Removes what hangs from an inspection about to be deleted and no foreign key takes with it: the
   * subjects connected to it or to its observations, and the media of all three. Answers the storage
   * keys freed, for `removeUnreferenced` once the transaction has committed.
   */
  async removeInspectionRecords(tx: Connection, inspectionId: number): Promise<string[]> {
    return this.repo.deleteRecordsOfInspection(tx, inspectionId);
  }

  /**
   * After the transaction that recorded them commits: moves the files to their content addresses, then
   * sends their processing jobs, as a gallery upload does, so their thumbnails do not wait for the sweeper.
   */
  private async keepFiles(s: Submission, mediaIds: readonly number[]): Promise<void> {
    await s.uploads.keep();
    await this.processing.queueProcessing(mediaIds);
  }

  /** After the transaction that freed them commits: removes the files no media row names any more. */
  async removeUnreferenced(keys: string[]): Promise<void> {
    for (const key of await this.repo.unreferencedKeys(keys)) await this.media.remove(key);
  }
}

function parseData(text: string | undefined): RecordData {
  if (text === undefined) throw fail.field('Data', 'Send the form as the Data part (JSON).');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail.field('Data', 'Data is not valid JSON.');
  }
  const parsed = RecordData.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    (fields[['Data', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  }
  throw fail.validation(fields);
}

function missing(field: string, message: string): never {
  throw fail.field(field, message);
}

function expectKind(kind: RecordKind | undefined, expected: RecordKind): void {
  if (kind !== undefined && kind !== expected) throw fail.field('kind', `This call changes ${expected} records.`);
}

/** Who may change an inspection's records in its status: core's rule (guests never; the route refuses them too). */
function mayChange(user: CurrentUser, inspectionStatus: string | null, denied: string): void {
  if (!mayChangeInspection(user, inspectionStatus as InspectionStatus | null)) throw fail.forbidden(denied);
}

function notOwned(asked: number[], removed: { id: string }[]): void {
  const gone = new Set(removed.map((m) => Number(m.id)));
  const foreign = asked.filter((id) => !gone.has(id));
  if (foreign.length > 0) {
    throw fail.field('FilesToRemove', `No media ${foreign.join(', ')} on this record.`);
  }
}

function parentTypeOf(type: string, field: string): string {
  const found = SUBJECT_PARENT_TYPES.find((t) => t.toLowerCase() === type.toLowerCase());
  if (!found) throw fail.field(field, `Subjects connect to ${SUBJECT_PARENT_TYPES.join(', ')}.`);
  return found.toLowerCase();
}

const text = (v: FormValue | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);
const number = (v: FormValue | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function codeDef(r: CodeRow): ObservationCodeDef {
  return {
    code: r.code,
    family: r.family,
    label: r.label,
    characterisations: r.characterisations,
    characterisationRequired: r.characterisation_required,
    quantificationUnit: r.quantification_unit,
    quantificationRequired: r.quantification_required,
    clockRequired: r.clock_required,
    continuousAllowed: r.continuous_allowed,
    gradeRule: r.grade_rule as GradeRule,
  };
}

function mediaItem(m: MediaRow): RecordMedia {
  return {
    id: Number(m.id),
    fileName: m.file_name,
    kind: m.kind,
    contentType: m.content_type,
    sizeBytes: Number(m.size_bytes),
    createdAt: new Date(m.created_at).toISOString(),
  };
}

function observationItem(r: ObservationRow, media: RecordMedia[]): ObservationItem {
  return {
    id: Number(r.id),
    inspectionId: Number(r.inspection_id),
    version: r.version,
    values: {
      sequence: r.sequence,
      distanceM: r.distance_m,
      code: r.code,
      characterisation: r.characterisation,
      quantification1: r.quantification1,
      quantification2: r.quantification2,
      clockFrom: r.clock_from,
      clockTo: r.clock_to,
      atJoint: r.at_joint,
      continuous: r.continuous,
      grade: r.grade,
      remark: r.remark,
      videoOffsetMs: r.video_offset_ms,
    },
    media,
  };
}

function connectedItem(r: ConnectedRow, media: RecordMedia[]): ConnectedSubjectItem {
  const subject = { id: Number(r.subject_id), kind: r.subject_kind, label: r.subject_label };
  const location =
    r.longitude === null || r.latitude === null ? null : { longitude: r.longitude, latitude: r.latitude };
  return {
    id: Number(r.id),
    parentObjectType: SUBJECT_PARENT_TYPES.find((t) => t.toLowerCase() === r.parent_type) ?? r.parent_type,
    parentObjectId: Number(r.parent_id),
    subject,
    location,
    values: { ...(r.form_values as FormValues), connection: { subject, location } },
    version: r.version,
    media,
  };
}
