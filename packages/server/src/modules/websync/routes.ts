import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  ConsoleUser,
  DeleteTasksRequest,
  FilterChoices,
  IdList,
  IdQuery,
  IdsQuery,
  NameList,
  NamesQuery,
  SaveScheduledTask,
  ScheduledTask,
  ScheduledTaskList,
  SchedulerQuery,
  SettingsGoUrl,
  SyncAgentTaskList,
  SyncTaskListQuery,
  SyncUserList,
  CancelTasksRequest,
  StartTaskRequest,
  StartTaskResponse,
  SyncUserSettings,
  TaskIdQuery,
  TaskLogQuery,
  TaskRequestFilter,
  UserByLoginQuery,
  UserIdQuery,
} from '@manway/core/api/websync';
import { TaskMediaList, TaskMediaQuery } from '@manway/core/api/sync-data';
import type { SyncAgentService } from '../sync-agent/service';
import type { CurrentUser } from '../users/service';
import type { WebSyncService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody };
const Empty = z.null().describe('No content: an empty payload means success');

/**
 * The websync console's calls, at the spec's paths (websync spec section 7): its schedules, sync
 * settings and task log, and the commands on the agent's runs (start now, cancel, a run's log and
 * media), which the agent's service carries out.
 */
export function webSyncRoutes(websync: WebSyncService, agent: SyncAgentService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;
    const tags = ['websync'];

    app.get(
      '/api/settings/go',
      {
        schema: {
          summary: 'The URL of the settings edition, which the console opens in a new tab',
          tags,
          response: { 200: SettingsGoUrl, ...errors },
        },
      },
      async () => websync.settingsUrl(),
    );

    app.get(
      '/api/settings/userByLogin',
      {
        schema: {
          summary: "The console's user as it shows them: the signed-in user, or the sync user of login",
          tags,
          querystring: UserByLoginQuery,
          response: { 200: ConsoleUser, ...errors, 404: MessageBody },
        },
      },
      async (request) => websync.userByLogin(user(request), request.query.login),
    );

    app.get(
      '/api/filter',
      {
        schema: {
          summary: 'The saved filters the sync settings can name: jobs (tasks), subjects (assets), projects',
          description:
            "The user's own saved filters, then shared ones. Saved filters select assets: they serve subjects, jobs (the tasks on those assets) and projects (those with work on those assets).",
          tags,
          response: { 200: FilterChoices, ...errors },
        },
      },
      async (request) => websync.filterChoices(user(request)),
    );

    app.get(
      '/api/settings/webSyncUsers',
      {
        schema: {
          summary: 'The users with the websync permission',
          tags,
          response: { 200: SyncUserList, ...errors },
        },
      },
      async (request) => websync.syncUsers(user(request)),
    );

    app.get(
      '/api/syncAgentScheduler/getIdsByQuery',
      {
        schema: {
          summary: 'The ids of the schedules matching the Scheduler query, in its order',
          description: 'Path: Name, Scenario, Login, LastStartTime, NextStartTime (default) or Schedule.',
          tags,
          querystring: SchedulerQuery,
          response: { 200: IdList, ...errors },
        },
      },
      async (request) => websync.scheduleIds(user(request), request.query),
    );

    app.get(
      '/api/syncAgentScheduler/getTaskInfoByIds',
      {
        schema: {
          summary: 'The schedules with these ids, in the order asked; ids no longer there are left out',
          tags,
          querystring: IdsQuery,
          response: { 200: ScheduledTaskList, ...errors },
        },
      },
      async (request) => websync.schedulesByIds(request.query.ids),
    );

    app.get(
      '/api/syncAgentScheduler/getTaskById',
      {
        schema: {
          summary: 'One schedule, for the Schedule task options modal',
          tags,
          querystring: IdQuery,
          response: { 200: ScheduledTask, ...errors, 404: MessageBody },
        },
      },
      async (request) => websync.scheduleById(request.query.id),
    );

    app.get(
      '/api/syncAgentScheduler/getNames',
      {
        schema: {
          summary: 'The schedule names, of one login or of all',
          tags,
          querystring: NamesQuery,
          response: { 200: NameList, ...errors },
        },
      },
      async (request) => websync.scheduleNames(user(request), request.query.login),
    );

    app.post(
      '/api/syncAgentScheduler/saveTask',
      {
        schema: {
          summary: 'Create (id null) or replace a schedule; answers an empty payload on success',
          description:
            "taskSchedule.$type is OneTime, Daily or Weekly; taskSettings.$type matches the scenario. A start time in the past answers 400 with The 'Start time' cannot be in the past.",
          tags,
          body: SaveScheduledTask,
          response: { 204: Empty, ...errors, 404: MessageBody },
        },
      },
      async (request, reply) => {
        await websync.saveSchedule(request.body);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/api/syncAgentScheduler',
      {
        schema: {
          summary: 'Delete a schedule and the logs of its tasks; answers an empty payload on success',
          tags,
          querystring: TaskIdQuery,
          response: { 204: Empty, ...errors, 404: MessageBody },
        },
      },
      async (request, reply) => {
        await websync.deleteSchedule(request.query.taskId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/syncAgentTask/getIds',
      {
        schema: {
          summary: 'The ids of the sync-agent tasks matching the filter, in its order',
          description: 'QueryForDelete=true keeps only the tasks that can be deleted (delete by filter).',
          tags,
          querystring: TaskRequestFilter,
          response: { 200: IdList, ...errors },
        },
      },
      async (request) => websync.taskIds(user(request), request.query),
    );

    app.get(
      '/api/syncAgentTask',
      {
        schema: {
          summary: 'The log list: the sync-agent tasks matching the filter with their details, Take of them from Skip',
          description: 'The filter of getIds; QueryForDelete=true keeps only the tasks that can be deleted.',
          tags,
          querystring: SyncTaskListQuery,
          response: { 200: SyncAgentTaskList, ...errors },
        },
      },
      async (request) => websync.tasks(user(request), request.query),
    );

    app.put(
      '/api/syncAgentTask/deleteTasks',
      {
        schema: {
          summary: 'Delete sync-agent tasks and their logs, all or none; answers an empty payload on success',
          description:
            'A task a run has (InProgress) answers 409 and nothing is deleted; an id that does not exist answers 400 naming TaskIds.',
          tags,
          body: DeleteTasksRequest,
          response: { 204: Empty, ...errors, 409: MessageBody },
        },
      },
      async (request, reply) => {
        await websync.deleteTasks(request.body.TaskIds);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/syncAgentTask/getByIds',
      {
        schema: {
          summary: 'The sync-agent tasks with these ids, in the order asked',
          tags,
          querystring: IdsQuery,
          response: { 200: SyncAgentTaskList, ...errors },
        },
      },
      async (request) => websync.tasksByIds(request.query.ids),
    );

    app.get(
      '/api/syncAgentTask/log',
      {
        schema: {
          summary: "A sync-agent task's Server or Client log, as text (the log page opens it in a new tab)",
          tags,
          querystring: TaskLogQuery,
          response: { 200: z.string(), ...errors, 404: MessageBody },
        },
      },
      async (request, reply) => {
        const text = await agent.log(request.query.taskId, request.query.type);
        return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
      },
    );

    app.get(
      '/api/syncAgentTask/media',
      {
        schema: {
          summary:
            "A task's media files for the 'Uploading progress' modal: jobName, fileName, status, percentsComplete",
          tags,
          querystring: TaskMediaQuery,
          response: { 200: TaskMediaList, ...errors, 404: MessageBody },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return agent.media(request.query.taskId);
      },
    );

    app.post(
      '/api/syncAgentTask/start',
      {
        schema: {
          summary: 'Run a scenario now for a sync user; answers the new task id',
          tags,
          body: StartTaskRequest,
          response: { 200: StartTaskResponse, ...errors, 404: MessageBody },
        },
      },
      async (request) => ({ id: await agent.start(request.body.scenario, request.body.userId) }),
    );

    app.put(
      '/api/syncAgentTask/cancelTasks',
      {
        schema: {
          summary: 'Cancel sync-agent tasks; answers an empty payload on success',
          tags,
          body: CancelTasksRequest,
          response: { 204: z.null(), ...errors, 404: MessageBody },
        },
      },
      async (request, reply) => {
        await agent.cancel(request.body.TaskIds);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/api/syncUserSettings',
      {
        schema: {
          summary: "A sync user's settings; sections never saved have the spec's defaults",
          tags,
          querystring: UserIdQuery,
          response: { 200: SyncUserSettings, ...errors, 404: MessageBody },
        },
      },
      async (request) => websync.syncSettings(request.query.userId),
    );

    app.post(
      '/api/syncUserSettings',
      {
        schema: {
          summary: "Replace a sync user's settings (the whole object); answers an empty payload on success",
          tags,
          body: SyncUserSettings,
          response: { 204: Empty, ...errors, 404: MessageBody },
        },
      },
      async (request, reply) => {
        await websync.saveSyncSettings(request.body);
        return reply.code(204).send(null);
      },
    );
  };
}
