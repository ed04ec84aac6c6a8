import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  NewUserBody,
  PasswordBody,
  UserIdParams,
  UserList,
  UserListQuery,
  UserSummary,
  UserUpdateBody,
} from '@manway/core/api/users';
import type { CurrentUser } from '../users/service';
import type { AdminCaller, UserAdminService } from './service';

const errors = { 400: z.union([ModelStateBody, CodeBody]), 401: MessageBody, 403: MessageBody };
const Empty = z.null().describe('No content');

/** The administrator calling (the permission table lets only administrators in) and their session. */
function caller(request: FastifyRequest): AdminCaller {
  const user = request.user as CurrentUser;
  return { id: user.id, login: user.login, sessionId: request.signInSessionId };
}

/** The settings edition's Users page: administrators manage users and their permissions (issue #21). */
export function userAdminRoutes(users: UserAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    app.get(
      '/api/users',
      {
        schema: {
          summary: 'Every user with their role, permissions, sign-in means and last sign-in',
          description:
            'With search, only the users whose login, name or e-mail address holds it (in any case). Whether a ' +
            'password is set is told; the password hash never is.',
          tags,
          querystring: UserListQuery,
          response: { 200: UserList, ...errors },
        },
      },
      async (request) => users.list(request.query),
    );

    app.post(
      '/api/users',
      {
        schema: {
          summary: 'Create a user',
          description:
            'With a password (at least 10 characters), or without one for a user who signs in through single ' +
            'sign-on only. A login another user has in any case is refused with 400 at login.',
          tags,
          body: NewUserBody,
          response: { 201: UserSummary, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await users.create(caller(request), request.body)),
    );

    app.put(
      '/api/users/:id',
      {
        schema: {
          summary: "Change a user's name, e-mail address, role and permissions",
          description:
            'With the version read: a user changed meanwhile answers 409. An administrator cannot take away their own ' +
            'administrator role, and the last enabled administrator keeps theirs (400 at role).',
          tags,
          params: UserIdParams,
          body: UserUpdateBody,
          response: { 200: UserSummary, ...errors, 404: CodeBody, 409: CodeBody },
        },
      },
      async (request) => users.update(caller(request), request.params.id, request.body),
    );

    app.put(
      '/api/users/:id/password',
      {
        schema: {
          summary: "Set a user's password, signing them out everywhere",
          description:
            "An administrator setting their own password stays signed in in this session; the user's others end.",
          tags,
          params: UserIdParams,
          body: PasswordBody,
          response: { 200: UserSummary, ...errors, 404: CodeBody },
        },
      },
      async (request) => users.setPassword(caller(request), request.params.id, request.body.password),
    );

    app.post(
      '/api/users/:id/disable',
      {
        schema: {
          summary: 'Disable a user: their sessions end at once, and their seats with them',
          description:
            'An administrator cannot disable themselves, and the last enabled administrator cannot be disabled (400).',
          tags,
          params: UserIdParams,
          response: { 200: UserSummary, ...errors, 404: CodeBody },
        },
      },
      async (request) => users.setDisabled(caller(request), request.params.id, true),
    );

    app.post(
      '/api/users/:id/enable',
      {
        schema: {
          summary: 'Enable a disabled user: they may sign in again',
          tags,
          params: UserIdParams,
          response: { 200: UserSummary, ...errors, 404: CodeBody },
        },
      },
      async (request) => users.setDisabled(caller(request), request.params.id, false),
    );

    app.delete(
      '/api/users/:id',
      {
        schema: {
          summary: 'Delete a user whose name is on no recorded work',
          description:
            'A user with recorded work (inspections, work assignments, reports, dashboards…) answers 409 ' +
            'user/has-recorded-work: disable the account instead. An administrator cannot delete themselves.',
          tags,
          params: UserIdParams,
          response: { 204: Empty, ...errors, 404: CodeBody, 409: CodeBody },
        },
      },
      async (request, reply) => {
        await users.delete(caller(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
