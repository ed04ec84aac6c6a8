/**
 * The one permission table: for every API operation, who may call it and whose objects it may touch.
 * The access hook (http/access.ts) enforces it on the matched route, and the generated access checks
 * (test/api-access.test.ts) read it to know what each demo role must be answered. A route missing
 * here stops the server from starting, so no call ships without a decision.
 */
import {
  hasEditorPermissions,
  hasReviewPermission,
  hasWebSyncPermission,
  isGuest,
  type Role,
} from '@manway/core/roles';
import { EXPORT_KINDS } from '@manway/core/api/sync-export';

/**
 * What a caller needs, from least to most:
 * - public: nobody needs to be signed in (sign-in, health, the API's own description);
 * - signed-in: any signed-in user, guests included (reading the network);
 * - member: signed in and not a guest (keeping one's own preferences, recording field work);
 * - editor: administrators and editors (changing the network, planning work);
 * - reviewer: administrators, editors and users granted the review permission (accepting inspections);
 * - websync: administrators and users granted the websync permission (the console, the sync agent);
 * - sync-agent: only the service accounts Field systems sign in with (reading password hashes), not
 *   even administrators;
 * - administrator: administrators only.
 */
export type Permission =
  'public' | 'signed-in' | 'member' | 'editor' | 'reviewer' | 'websync' | 'sync-agent' | 'administrator';

/** Whose objects a call may touch once its permission is met; administrators may touch everyone's. */
export type OwnerRule =
  /** The sync user named by the value is the caller. */
  | { owner: 'self'; at: ValueAt }
  /** The login in the value is the caller's (in any case). */
  | { owner: 'self-login'; at: ValueAt }
  /** The schedules with the ids in the value belong to the caller. */
  | { owner: 'schedule'; at: ValueAt }
  /** The sync-agent tasks with the ids in the value belong to the caller. */
  | { owner: 'sync-task'; at: ValueAt };

/** Where an owner rule finds its ids: a validated query or body property. */
export type ValueAt = `query.${string}` | `body.${string}`;

export interface Rule {
  permission: Permission;
  /** Checked after validation; an id nobody owns is left to the service (its 404). */
  owners?: OwnerRule[];
  /**
   * Lists answer only the caller's own rows (administrators: everyone's). The service applies it;
   * it is written here so that the table tells the whole story.
   */
  ownRowsOnly?: true;
  /**
   * The object named in the path may be touched only by whoever it is theirs (its creator, its
   * operator) or by callers with `exceptFor`; others are refused with 403. The service applies it (it
   * reads the object under its lock); it is written here so that the table tells the whole story.
   */
  ownObjectsOnly?: { exceptFor: Permission };
}

const rule = (permission: Permission, extra: Omit<Rule, 'permission'> = {}): Rule => ({ permission, ...extra });

const exportRoutes = Object.fromEntries(EXPORT_KINDS.map((k) => [`GET /api/sync/export/${k}`, rule('websync')]));

export const PERMISSIONS: Record<string, Rule> = {
  // platform and account
  'GET /api/health': rule('public'),
  'GET /api/openapi.json': rule('public'),
  'GET /api/metrics': rule('administrator'),
  'GET /api/account/login': rule('public'),
  'POST /api/account/login': rule('public'),
  'POST /api/account/logoff': rule('public'),
  'GET /api/account/oidc/start': rule('public'),
  'GET /api/account/oidc/callback': rule('public'),

  // settings and applications
  'GET /api/applications': rule('signed-in'),
  'GET /api/settings/general': rule('signed-in'),
  'GET /api/settings/user': rule('signed-in'),
  'PUT /api/settings/user': rule('member'),
  'GET /api/settings/map': rule('signed-in'),
  'GET /api/settings/standards': rule('signed-in'),

  // licences and seats: a page takes and gives back its own seat (found by its sign-in session and
  // page id, so nobody else's); only administrators see who holds seats, free one or change a licence
  'POST /api/seats': rule('signed-in', { ownRowsOnly: true }),
  'DELETE /api/seats': rule('signed-in', { ownRowsOnly: true }),
  'GET /session-api/seats': rule('administrator'),
  'DELETE /session-api/seats/:token': rule('administrator'),
  'GET /api/licences': rule('administrator'),
  'PUT /api/licences/:application': rule('administrator'),
  'GET /api/server-instances': rule('administrator'),
  'PUT /api/server-instances/limit': rule('administrator'),
  // the audit list: administrators only
  'GET /api/audit': rule('administrator'),
  // users and their permissions: administrators only (the service keeps them from demoting,
  // disabling or deleting themselves or the last enabled administrator)
  'GET /api/users': rule('administrator'),
  'POST /api/users': rule('administrator'),
  'PUT /api/users/:id': rule('administrator'),
  'PUT /api/users/:id/password': rule('administrator'),
  'POST /api/users/:id/disable': rule('administrator'),
  'POST /api/users/:id/enable': rule('administrator'),
  'DELETE /api/users/:id': rule('administrator'),
  // the installation's general and map settings (the settings edition): administrators only
  'GET /api/admin/settings/general': rule('administrator'),
  'PUT /api/admin/settings/general': rule('administrator'),
  'GET /api/admin/settings/map': rule('administrator'),
  'PUT /api/admin/settings/map': rule('administrator'),

  // shared links: members share what they see; a user lists and revokes their own (the service
  // answers another's as unknown, 404), an administrator everyone's (all=true). Opening a link is for
  // any signed-in user, guests included: shared data is 'only available for authenticated users'.
  'POST /api/shared-links': rule('member'),
  'GET /api/shared-links': rule('signed-in', { ownRowsOnly: true }),
  'DELETE /api/shared-links/:id': rule('signed-in', { ownRowsOnly: true }),
  'GET /api/shared-links/resolve/:token': rule('signed-in'),
  'GET /api/shared-links/resolve/:token/widgets/:widgetId': rule('signed-in'),

  // metadata, objects and locations
  'GET /api/object-types': rule('signed-in'),
  'GET /api/metadata/objects/:type/properties': rule('signed-in'),
  'GET /api/dictionaries/:standardId/:type/asset-subtypes': rule('signed-in'),
  'GET /api/objects/:type/:id': rule('signed-in'),
  'GET /api/lookup/:objectType': rule('signed-in'),
  'GET /api/shortcuts/inspections': rule('signed-in'),
  'GET /api/shortcuts/assets': rule('signed-in'),
  'GET /api/locations/:type/:id': rule('signed-in'),
  // A subject's position is field work any member records; moving an asset is editing it, which the
  // locations service refuses to non-editors with the spec's edit-denied text once it knows the type.
  'POST /api/locations/:type/:id': rule('member'),
  'POST /api/user-locations': rule('member'),

  // object details and forms: the forms service refuses create and edit with the spec's texts (assets
  // need editor permissions; inspections any non-guest, completed ones an editor); the rest only reads
  'GET /api/object-details-templates/:type/:id': rule('signed-in'),
  'GET /api/object-forms/:type/:id/:tabId': rule('signed-in'),
  'PUT /api/object-forms/:type/:id/:tabId': rule('signed-in'),
  'POST /api/object-forms/:type/:id': rule('signed-in'),
  'POST /api/object-forms/:type': rule('signed-in'),
  'POST /api/object-forms/:type/empty': rule('signed-in'),
  'POST /api/object-forms/:type/:id/calculate': rule('signed-in'),
  'POST /api/object-forms/:type/empty/calculate': rule('signed-in'),
  'POST /api/object-forms/:type/empty/default-value': rule('signed-in'),

  // media: reading is any signed-in user's; adding and deleting is whoever may change the object: an
  // asset's editors, an inspection's (and its observations') crew or reviewers as its workflow allows
  'GET /api/media/:type/:id': rule('signed-in'),
  'POST /api/media/:type/:id': rule('member', { ownObjectsOnly: { exceptFor: 'editor' } }),
  'GET /api/media/:type/:id/:mediaId': rule('signed-in'),
  'GET /api/media/:type/:id/:mediaId/thumbnail': rule('signed-in'),
  'GET /api/media/:type/:id/:mediaId/creation-date': rule('signed-in'),
  'DELETE /api/media/:type/:id/:mediaId': rule('member', { ownObjectsOnly: { exceptFor: 'editor' } }),
  'PUT /api/media/:type/:id/duc2-settings': rule('member', { ownObjectsOnly: { exceptFor: 'editor' } }),
  'PUT /api/media/:type/:id/:videoId/link': rule('member', { ownObjectsOnly: { exceptFor: 'editor' } }),
  'POST /api/media/:type/:id/:uploadId': rule('member', { ownObjectsOnly: { exceptFor: 'editor' } }),
  // a resumable upload is its sender's alone until it is attached to an object
  'GET /api/media-upload/resumable': rule('member', { ownRowsOnly: true }),
  'DELETE /api/media-upload/resumable': rule('member', { ownRowsOnly: true }),
  'PUT /api/media-upload/pearpoint/chunk': rule('member', { ownRowsOnly: true }),
  'POST /api/media-upload/pearpoint/finalize': rule('member', { ownRowsOnly: true }),

  // map, tiles, filters and search
  'GET /api/filters/results/map': rule('signed-in'),
  'GET /api/tiles/:layer/:z/:x/:y.pbf': rule('signed-in'),
  'GET /api/filters/meta/list/:objectType': rule('signed-in'),
  'GET /api/filters/meta/list/observation/:parentObjectType/:parentObjectId': rule('signed-in'),
  'GET /api/filters/form/:x': rule('signed-in'),
  'POST /api/filters/results/list': rule('signed-in'),
  'POST /api/filters/results/list/ids': rule('signed-in'),
  'POST /api/filters/results/observation': rule('signed-in'),
  // Saved filters are the caller's own, plus the shared ones; the filters service keeps another
  // user's private filter out of sight (404) and leaves shared ones to administrators.
  'GET /api/filters/saved-filters/list': rule('signed-in', { ownRowsOnly: true }),
  'GET /api/filters/saved-filters/available-filters': rule('signed-in'),
  'POST /api/filters/saved-filters/create': rule('member'),
  'POST /api/filters/saved-filters/order': rule('member', { ownRowsOnly: true }),
  'POST /api/filters/saved-filters/import-filter': rule('member'),
  'GET /api/filters/saved-filters/:name': rule('signed-in', { ownRowsOnly: true }),
  'PUT /api/filters/saved-filters/:name': rule('member', { ownRowsOnly: true }),
  'DELETE /api/filters/saved-filters/:name': rule('member', { ownRowsOnly: true }),

  // work: the projects' progress is for the office (editors and reviewers); whom work may be
  // assigned to, for those who plan it
  'GET /api/projects': rule('reviewer'),
  'GET /api/assignees': rule('editor'),
  'POST /api/projects': rule('editor'),
  'POST /api/subjects': rule('editor'),

  // the inspection workflow: reading is for all; recording is field work any member does, and the
  // service lets a member delete, complete or reopen only their own (or their session's) inspections;
  // accepting and rejecting is the office's review. Sessions are the caller's own; a reviewer or an
  // editor may list another operator's, and an editor end one (the service checks both).
  'GET /api/inspections': rule('signed-in'),
  'GET /api/inspections/grid': rule('signed-in'),
  'GET /api/inspections/:id': rule('signed-in'),
  'POST /api/inspections': rule('member'),
  'DELETE /api/inspections/:id': rule('member', { ownObjectsOnly: { exceptFor: 'reviewer' } }),
  'POST /api/inspections/bulk-accept': rule('reviewer'),
  'POST /api/inspections/:id/accept': rule('reviewer'),
  'POST /api/inspections/:id/reject': rule('reviewer'),
  'POST /api/inspections/:id/:command': rule('member', { ownObjectsOnly: { exceptFor: 'reviewer' } }),
  'GET /api/inspection-sessions': rule('member', { ownRowsOnly: true }),
  'POST /api/inspection-sessions': rule('member'),
  'POST /api/inspection-sessions/:id/end': rule('member', { ownObjectsOnly: { exceptFor: 'editor' } }),

  // tasks: everyone signed in reads an asset's or a project's; a crew member's own work list only,
  // another user's for editors and reviewers (the service checks). Starting a task and creating its
  // inspection is field work: a member, on tasks assigned to them or to nobody (the service checks).
  // Planning and deleting is the office's.
  'GET /api/tasks': rule('signed-in'),
  'GET /api/tasks/:id/start-info': rule('signed-in'),
  'POST /api/tasks/:id/start': rule('member'),
  'POST /api/tasks/:id/create-inspection': rule('member'),
  'POST /api/tasks': rule('editor'),
  'POST /api/tasks/plan': rule('editor'),
  'POST /api/tasks/bulk-create/validate': rule('editor'),
  'POST /api/tasks/bulk-create': rule('editor'),

  // observations and connected subjects: recording them is field work any member does; once the
  // inspection is accepted only editors change them, which the service checks (it knows the status).
  'GET /api/observations': rule('signed-in'),
  'POST /api/observations': rule('member'),
  'PUT /api/observations/:id': rule('member'),
  'DELETE /api/observations/:id': rule('member'),
  'GET /api/connected-subjects': rule('signed-in'),
  'POST /api/connected-subjects': rule('member'),
  'PUT /api/connected-subjects/:id': rule('member'),
  'DELETE /api/connected-subjects/:id': rule('member'),

  // the websync console (spec websync-console.md section 7)
  'GET /api/settings/go': rule('websync'),
  'GET /api/settings/userByLogin': rule('websync', { owners: [{ owner: 'self-login', at: 'query.login' }] }),
  'GET /api/filter': rule('websync'),
  'GET /api/settings/webSyncUsers': rule('websync', { ownRowsOnly: true }),
  'GET /api/syncAgentScheduler/getIdsByQuery': rule('websync', { ownRowsOnly: true }),
  'GET /api/syncAgentScheduler/getTaskInfoByIds': rule('websync', { owners: [{ owner: 'schedule', at: 'query.ids' }] }),
  'GET /api/syncAgentScheduler/getTaskById': rule('websync', { owners: [{ owner: 'schedule', at: 'query.id' }] }),
  'GET /api/syncAgentScheduler/getNames': rule('websync', { ownRowsOnly: true }),
  'POST /api/syncAgentScheduler/saveTask': rule('websync', {
    owners: [
      { owner: 'schedule', at: 'body.id' },
      { owner: 'self', at: 'body.userId' },
    ],
  }),
  'DELETE /api/syncAgentScheduler': rule('websync', { owners: [{ owner: 'schedule', at: 'query.taskId' }] }),
  'GET /api/syncAgentTask/getIds': rule('websync', { ownRowsOnly: true }),
  'GET /api/syncAgentTask': rule('websync', { ownRowsOnly: true }),
  'PUT /api/syncAgentTask/deleteTasks': rule('websync', { owners: [{ owner: 'sync-task', at: 'body.TaskIds' }] }),
  'GET /api/syncAgentTask/getByIds': rule('websync', { owners: [{ owner: 'sync-task', at: 'query.ids' }] }),
  'GET /api/syncUserSettings': rule('websync', { owners: [{ owner: 'self', at: 'query.userId' }] }),
  'POST /api/syncUserSettings': rule('websync', { owners: [{ owner: 'self', at: 'body.userId' }] }),
  'GET /api/syncAgentTask/log': rule('websync', { owners: [{ owner: 'sync-task', at: 'query.taskId' }] }),
  'GET /api/syncAgentTask/media': rule('websync', { owners: [{ owner: 'sync-task', at: 'query.taskId' }] }),
  'POST /api/syncAgentTask/start': rule('websync', { owners: [{ owner: 'self', at: 'body.userId' }] }),
  'PUT /api/syncAgentTask/cancelTasks': rule('websync', { owners: [{ owner: 'sync-task', at: 'body.TaskIds' }] }),

  // reports (main-app section 7): any member makes, reads and publishes reports; the service lets
  // them change and delete only their own (administrators: everyone's), and lists others' only once
  // published. A queue is its creator's alone.
  'GET /report-api/reports/queues': rule('member', { ownRowsOnly: true }),
  'POST /report-api/reports/queues': rule('member'),
  'GET /report-api/reports/queues/:queueId/tasks': rule('member', { ownRowsOnly: true }),
  'POST /report-api/reports/queues/:queueId/tasks': rule('member', { ownRowsOnly: true }),
  'PUT /report-api/reports/queues/:queueId/tasks': rule('member', { ownObjectsOnly: { exceptFor: 'administrator' } }),
  'DELETE /report-api/reports/queues/:queueId/tasks': rule('member', {
    ownObjectsOnly: { exceptFor: 'administrator' },
  }),
  'DELETE /report-api/reports/queues/:queueId/tasks/bulk-delete': rule('member', {
    ownObjectsOnly: { exceptFor: 'administrator' },
  }),
  'PUT /report-api/reports/queues/:queueId/tasks/:id/share': rule('member', {
    ownObjectsOnly: { exceptFor: 'administrator' },
  }),
  'GET /report-api/reports/queues/:queueId/tasks/:id/file': rule('member', { ownRowsOnly: true }),
  'GET /report-api/users': rule('member', { ownRowsOnly: true }),
  'GET /report-api/reports/info/list/:type': rule('member'),
  'GET /report-api/reports/info/formats': rule('member'),
  'PUT /report-api/reports/info/favorite': rule('member', { ownRowsOnly: true }),

  // dashboards (main-app section 7): everyone, guests included, reads the global dashboards and
  // their own; members keep personal ones and edit them in sessions. The service lets only a
  // dashboard's owner (a global one and the gallery: administrators) delete it or start a session on
  // it, and answers a session only to the user who started it (others': 404).
  'GET /api/dashboard': rule('signed-in', { ownRowsOnly: true }),
  'GET /api/dashboard/template': rule('signed-in', { ownRowsOnly: true }),
  'DELETE /api/dashboard': rule('member', { ownObjectsOnly: { exceptFor: 'administrator' } }),
  'POST /api/dashboard/copy': rule('member', { ownRowsOnly: true }),
  'POST /api/dashboard/import': rule('member', { ownRowsOnly: true }),
  'PUT /api/dashboard': rule('administrator'),
  'GET /api/dashboard/widgets/:widgetId': rule('signed-in', { ownRowsOnly: true }),
  'GET /api/dashboard/widget-types': rule('signed-in'),
  'POST /api/dashboard/drill': rule('signed-in'),
  'GET /api/widgets-gallery': rule('signed-in'),
  'DELETE /api/widgets-gallery/:id': rule('member', { ownObjectsOnly: { exceptFor: 'administrator' } }),
  'POST /api/dashboards/editing-sessions/empty': rule('member', { ownObjectsOnly: { exceptFor: 'administrator' } }),
  'POST /api/dashboards/editing-sessions/start': rule('member', { ownObjectsOnly: { exceptFor: 'administrator' } }),
  'GET /api/dashboards/editing-sessions/:id': rule('member', { ownRowsOnly: true }),
  'DELETE /api/dashboards/editing-sessions/:id': rule('member', { ownRowsOnly: true }),
  'GET /api/dashboards/editing-sessions/:id/widgets/:widgetId': rule('member', { ownRowsOnly: true }),
  'POST /api/dashboards/editing-sessions/:id/widgets': rule('member', { ownRowsOnly: true }),
  'PUT /api/dashboards/editing-sessions/:id/widgets/:widgetId': rule('member', { ownRowsOnly: true }),
  'DELETE /api/dashboards/editing-sessions/:id/widgets/:widgetId': rule('member', { ownRowsOnly: true }),
  'POST /api/dashboards/editing-sessions/:id/widgets/add-to-gallery': rule('member', {
    ownObjectsOnly: { exceptFor: 'administrator' },
  }),
  'GET /api/dashboards/editing-sessions/:id/widgets/:widgetId/config': rule('member', { ownRowsOnly: true }),
  'POST /api/dashboards/editing-sessions/:id/widgets/prefill-data-items': rule('member', { ownRowsOnly: true }),
  'POST /api/dashboards/editing-sessions/:id/widgets/preview': rule('member', { ownRowsOnly: true }),
  'POST /api/dashboards/editing-sessions/:id/commit': rule('member', {
    ownObjectsOnly: { exceptFor: 'administrator' },
  }),

  // the Office's side of the sync agent (a Field system's service account)
  ...exportRoutes,
  'GET /api/sync/export/user-credentials': rule('sync-agent'),
  'GET /api/sync/export/planned-tasks': rule('websync'),
  'POST /api/sync/export/planned-tasks/decisions': rule('websync'),
  'GET /api/sync/media/:globalId/content': rule('websync'),
  'POST /api/sync/import/inspections': rule('websync'),
  'PUT /api/sync/media/:globalId': rule('websync'),
  'PUT /api/sync/media/:globalId/content': rule('websync'),
};

/** Where the API's calls live: the main API, and the report and session services' calls at the spec's paths. */
export const API_PREFIXES = ['/api/', '/report-api/', '/session-api/'] as const;
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The API's own interactive documentation and its assets, all public. */
export const PUBLIC_PREFIX = '/api/docs';

/** Who a caller is, as far as permissions go. */
export interface Caller {
  role: Role;
  websync: boolean;
  review: boolean;
  syncAgent: boolean;
}

export function permits(permission: Permission, caller: Caller | null): boolean {
  if (permission === 'public') return true;
  if (!caller) return false;
  switch (permission) {
    case 'signed-in':
      return true;
    case 'member':
      return !isGuest(caller.role);
    case 'editor':
      return hasEditorPermissions(caller.role);
    case 'reviewer':
      return hasReviewPermission(caller);
    case 'websync':
      return hasWebSyncPermission(caller);
    case 'sync-agent':
      return caller.syncAgent;
    case 'administrator':
      return caller.role === 'administrator';
  }
}

/** The rule of a matched route (HEAD follows its GET); undefined when the table has none. */
export function ruleFor(method: string, url: string): Rule | undefined {
  if (url === PUBLIC_PREFIX || url.startsWith(`${PUBLIC_PREFIX}/`)) return rule('public');
  return PERMISSIONS[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
