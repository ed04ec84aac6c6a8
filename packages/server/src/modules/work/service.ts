/**
 * Deleting projects and subjects. All or nothing: a missing id answers 404, a stale version 409, and
 * any dependent work (live tasks or inspections of a project, objects a subject is connected to)
 * refuses the whole request with a message naming what is in the way.
 */
import type {
  DeletedIds,
  DeleteProjectsRequest,
  DeleteSubjectsRequest,
  InspectionsQuery,
  InspectionSummary,
} from '@manway/core/api/work';
import { ASSET_TYPES } from '@manway/core/domain/types';
import { fail } from '../../errors';
import type { InspectionRow, WorkRepository } from './repository';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function checkFound(ids: number[], found: { id: string }[], what: string): void {
  const have = new Set(found.map((f) => Number(f.id)));
  const missing = [...new Set(ids)].filter((id) => !have.has(id));
  if (missing.length) throw fail.notFound(`Object not found: ${what} ${missing.join(', ')}`);
}

function checkVersions(ids: number[], versions: number[] | undefined, found: { id: string; version: number }[]) {
  if (!versions) return;
  const current = new Map(found.map((f) => [Number(f.id), f.version]));
  if (ids.some((id, i) => current.get(id) !== versions[i])) throw fail.conflict();
}

function toInspectionSummary(r: InspectionRow): InspectionSummary {
  return {
    id: Number(r.id),
    assetType: r.asset_type,
    assetId: Number(r.asset_id),
    assetReadableId: r.asset_code,
    taskId: r.task_id === null ? null : Number(r.task_id),
    standardId: r.standard_id,
    inspectedAt: new Date(r.inspected_at).toISOString(),
    status: r.status,
    direction: r.direction,
    lengthSurveyedM: r.length_surveyed_m === null ? null : Number(r.length_surveyed_m),
    observationCount: r.observation_count,
    structuralPeak: r.str_peak === null ? null : Number(r.str_peak),
    version: r.version,
  };
}

export class WorkService {
  constructor(private readonly repo: WorkRepository) {}

  /** The inspections of a task, or of an asset: newest first. */
  async inspections(q: InspectionsQuery): Promise<InspectionSummary[]> {
    const byAsset = q.parentObjectType !== undefined || q.parentObjectId !== undefined;
    if (q.taskId !== undefined && byAsset) {
      throw fail.field('taskId', 'Ask for the inspections of a task or of an asset, not both.');
    }
    if (q.taskId !== undefined) {
      if (!(await this.repo.taskExists(q.taskId))) throw fail.notFound('Task not found');
      return (await this.repo.inspectionsOfTask(q.taskId)).map(toInspectionSummary);
    }
    if (q.parentObjectType === undefined) {
      throw fail.field('parentObjectType', 'Name the asset type (Node, Section or Lateral), or send taskId.');
    }
    if (q.parentObjectId === undefined) throw fail.field('parentObjectId', 'Name the asset whose inspections to list.');
    const type = q.parentObjectType.toLowerCase();
    if (!(ASSET_TYPES as readonly string[]).includes(type)) {
      throw fail.field(
        'parentObjectType',
        `Inspections belong to a Node, Section or Lateral, not "${q.parentObjectType}".`,
      );
    }
    const asset = await this.repo.asset(q.parentObjectId);
    if (asset?.object_type !== type) throw fail.notFound(`${asset ? q.parentObjectType : 'Asset'} not found`);
    return (await this.repo.inspectionsOfAsset(q.parentObjectId)).map(toInspectionSummary);
  }

  deleteProjects(body: DeleteProjectsRequest): Promise<DeletedIds> {
    const ids = body.ProjectIds;
    return this.repo.transaction(async (conn) => {
      const found = await this.repo.lockProjects(conn, ids);
      checkFound(ids, found, 'project');
      checkVersions(ids, body.Versions, found);
      const blocked = found
        .filter((p) => p.open_tasks > 0 || p.inspections > 0)
        .map(
          (p) =>
            `Project "${p.name}" still has ${plural(p.open_tasks, 'task')} and ${plural(p.inspections, 'inspection')}; ` +
            'delete them or move them to another project first.',
        );
      if (blocked.length) throw fail.validation({ ProjectIds: blocked }, 'The projects cannot be deleted.');
      await this.repo.deleteProjects(conn, ids);
      return { Deleted: found.map((p) => Number(p.id)) };
    });
  }

  deleteSubjects(body: DeleteSubjectsRequest): Promise<DeletedIds> {
    const ids = body.SubjectIds;
    return this.repo.transaction(async (conn) => {
      const found = await this.repo.lockSubjects(conn, ids);
      checkFound(ids, found, 'subject');
      checkVersions(ids, body.Versions, found);
      const blocked = found
        .filter((s) => s.connections > 0)
        .map(
          (s) =>
            `Subject "${s.label}" is connected to ${plural(s.connections, 'object')}; remove the connections first.`,
        );
      if (blocked.length) throw fail.validation({ SubjectIds: blocked }, 'The subjects cannot be deleted.');
      await this.repo.deleteSubjects(conn, ids);
      return { Deleted: found.map((s) => Number(s.id)) };
    });
  }
}
