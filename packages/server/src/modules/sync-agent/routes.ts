import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { CancelTasksRequest, StartTaskRequest, StartTaskResponse, TaskLogQuery } from '@manway/core/api/websync';
import { TaskMediaList, TaskMediaQuery } from '@manway/core/api/sync-data';
import type { SyncAgentService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 404: MessageBody };

/** The console's calls on the agent's runs: their logs, starting one now, cancelling. */
export function syncAgentRoutes(agent: SyncAgentService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['websync'];

    app.get(
      '/api/syncAgentTask/log',
      {
        schema: {
          summary: "A sync-agent task's Server or Client log, as text (the log page opens it in a new tab)",
          tags,
          querystring: TaskLogQuery,
          response: { 200: z.string(), ...errors },
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
          response: { 200: TaskMediaList, ...errors },
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
          response: { 200: StartTaskResponse, ...errors },
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
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await agent.cancel(request.body.TaskIds);
        return reply.code(204).send(null);
      },
    );
  };
}
