/**
 * The office's work: the projects with their progress, the users work may be assigned to, and
 * deleting projects and subjects. Deleting is all or nothing: a missing id answers 404, a stale
 * version 409, and any dependent work (live tasks or inspections of a project, objects a subject is
 * connected to) refuses the whole request with a message naming what is in the way.
 */
import {
  OPEN_PROJECT_STATUSES,
  type AssigneeList,
  type DeletedIds,
  type DeleteProjectsRequest,
  type DeleteSubjectsRequest,
  type ProjectList,
} from '@manway/core/api/work';
import { TASK_STATES, type ProjectStatus } from '@manway/core/domain/types';
import { fail } from '../../errors';
import type { WorkRepository } from './repository';

const isOpen = (status: ProjectStatus) => (OPEN_PROJECT_STATUSES as readonly ProjectStatus[]).includes(status);

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

export class WorkService {
  constructor(private readonly repo: WorkRepository) {}

  async projects(): Promise<ProjectList> {
    const rows = await this.repo.projects();
    return rows.map((p) => ({
      id: Number(p.id),
      name: p.name,
      client: p.client,
      contractor: p.contractor,
      status: p.status,
      open: isOpen(p.status),
      standard: { id: p.standard_id, name: p.standard_name },
      taskCounts: Object.fromEntries(
        TASK_STATES.map((s) => [s, p.task_counts[s] ?? 0]),
      ) as ProjectList[number]['taskCounts'],
    }));
  }

  async assignees(): Promise<AssigneeList> {
    const rows = await this.repo.assignees();
    return rows.map((u) => ({ id: u.id, login: u.login, displayName: u.display_name }));
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
