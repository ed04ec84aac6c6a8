import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  LICENCE_APPLICATIONS,
  Licence,
  LicenceList,
  LicenceParams,
  LicenceUpdate,
  InstanceLimitUpdate,
  Seat,
  ServerInstances,
  SeatList,
  SeatTokenParams,
} from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER, EDITIONS, SESSION_ID_HEADER } from '@manway/core/editions';
import { fail } from '../../errors';
import type { CurrentUser } from '../users/service';
import type { InstanceRegistry } from './instances';
import type { LicensingService } from './service';

const errors = { 400: z.union([ModelStateBody, CodeBody]), 401: MessageBody, 403: MessageBody };
const Empty = z.null().describe('No content');

/** A page names its edition and itself with the headers every call of the request layer carries. */
const PageHeaders = z.object({
  [APPLICATION_EDITION_HEADER]: z.enum(EDITIONS),
  [SESSION_ID_HEADER]: z.string().min(8).max(200),
});
/** The seats list names the licence whose seats it lists with the same header (spec: "with an application header"). */
const ApplicationHeader = z.object({ [APPLICATION_EDITION_HEADER]: z.enum(LICENCE_APPLICATIONS) });

/**
 * The seat calls of main-app section 7 at the spec's paths (api/seats for a page's own seat,
 * session-api/seats for an administrator's view of them), and ours for the licences themselves.
 */
export function licensingRoutes(licensing: LicensingService, instances: InstanceRegistry) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['licensing'];
    const page = (request: FastifyRequest & { headers: z.infer<typeof PageHeaders> }) => {
      // The access hook has run: a signed-in user has a session.
      const sessionId = request.signInSessionId;
      if (!sessionId) throw fail.unauthenticated();
      return { user: request.user as CurrentUser, sessionId, pageId: request.headers[SESSION_ID_HEADER] };
    };

    app.post(
      '/api/seats',
      {
        schema: {
          summary: "Take (or renew) the calling page's seat of its edition",
          description:
            'The page is named by the x-application-edition and x-session-id headers. Asking again renews the seat the ' +
            'page holds. An Office page of an editor also takes an Office editing seat when the Office has an editing ' +
            'licence. Refused with 400 and a licensing code when every seat is in use, the licence expired or the ' +
            'application is not registered; the settings edition takes no seat.',
          tags,
          headers: PageHeaders,
          response: { 200: Seat, ...errors },
        },
      },
      async (request) => licensing.takeSeat(request.headers[APPLICATION_EDITION_HEADER], page(request)),
    );

    app.delete(
      '/api/seats',
      {
        schema: {
          summary: "Give back the calling page's seats",
          description:
            'Sent as the page closes. A page that holds none (it lost its seat meanwhile) is answered the same.',
          tags,
          headers: PageHeaders,
          response: { 204: Empty, ...errors },
        },
      },
      async (request, reply) => {
        const { sessionId, pageId } = page(request);
        await licensing.giveBackSeat(sessionId, pageId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/session-api/seats',
      {
        schema: {
          summary: 'The seats in use of the licence named by the x-application-edition header',
          description:
            'A seat whose page went quiet for longer than the idle time, or whose session ended, is not listed: it is free.',
          tags,
          headers: ApplicationHeader,
          response: { 200: SeatList, ...errors },
        },
      },
      async (request) => licensing.seatsInUse(request.headers[APPLICATION_EDITION_HEADER]),
    );

    app.delete(
      '/session-api/seats/:token',
      {
        schema: {
          summary: 'Free a seat in use (with an Office seat, its page’s Office editing seat)',
          tags,
          params: SeatTokenParams,
          response: { 204: Empty, ...errors, 404: CodeBody },
        },
      },
      async (request, reply) => {
        await licensing.freeSeat(request.user as CurrentUser, request.params.token);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/licences',
      {
        schema: {
          summary: 'Every licence: its seat limit, its expiry and the seats in use',
          tags,
          response: { 200: LicenceList, ...errors },
        },
      },
      async () => licensing.licences(),
    );

    app.put(
      '/api/licences/:application',
      {
        schema: {
          summary: "Change a licence's seat limit and expiry",
          description:
            'With the version read: a licence changed meanwhile answers 409. Lowering the limit below the seats in use ' +
            'takes none away; no seat is granted again until fewer are in use than the new limit.',
          tags,
          params: LicenceParams,
          body: LicenceUpdate,
          response: { 200: Licence, ...errors, 404: CodeBody, 409: CodeBody },
        },
      },
      async (request) => licensing.updateLicence(request.user as CurrentUser, request.params.application, request.body),
    );

    app.get(
      '/api/server-instances',
      {
        schema: {
          summary: 'The server processes running over this database, oldest first, and the instance limit',
          tags,
          response: { 200: ServerInstances, ...errors },
        },
      },
      async () => instances.list(),
    );

    app.put(
      '/api/server-instances/limit',
      {
        schema: {
          summary: 'Set the number of server instances the licence allows (null: no limit)',
          description:
            'The oldest live instances within the limit serve pages; the others answer every call but signing in ' +
            'and health with 400 licensing/instance-limit-exceeds. With the version read: 409 when changed meanwhile.',
          tags,
          body: InstanceLimitUpdate,
          response: { 200: ServerInstances, ...errors, 409: CodeBody },
        },
      },
      async (request) => instances.setLimit(request.user as CurrentUser, request.body),
    );
  };
}
