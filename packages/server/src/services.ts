/** The composition root: one instance of each repository and service, wired together. */
import { join } from 'node:path';
import type { Config } from './config';
import type { Database } from './db/connection';
import { LateJobSender, type JobHandlers } from './jobs/queue';
import { AccountRepository } from './modules/account/repository';
import { AccountService } from './modules/account/service';
import { DemoRepository } from './modules/demo/repository';
import { DemoService } from './modules/demo/service';
import { FiltersRepository } from './modules/filters/repository';
import { FiltersService } from './modules/filters/service';
import { FormsRepository } from './modules/forms/repository';
import { FormsService } from './modules/forms/service';
import { InspectionsRepository } from './modules/inspections/repository';
import { InspectionsService } from './modules/inspections/service';
import { LocationsRepository } from './modules/locations/repository';
import { LocationsService } from './modules/locations/service';
import { MapRepository } from './modules/map/repository';
import { MapService } from './modules/map/service';
import { ObjectsRepository } from './modules/objects/repository';
import { ObjectsService } from './modules/objects/service';
import { ObservationsRepository } from './modules/observations/repository';
import { ObservationsService } from './modules/observations/service';
import { TilesRepository } from './modules/tiles/repository';
import { TilesService } from './modules/tiles/service';
import { ScaleRepository } from './modules/scale/repository';
import { ScaleService } from './modules/scale/service';
import { WorkRepository } from './modules/work/repository';
import { WorkService } from './modules/work/service';
import { SettingsRepository } from './modules/settings/repository';
import { TasksRepository } from './modules/tasks/repository';
import { TasksService } from './modules/tasks/service';
import { SettingsService } from './modules/settings/service';
import { InstallationSettingsRepository } from './modules/installation-settings/repository';
import { InstallationSettingsService } from './modules/installation-settings/service';
import { UsersRepository } from './modules/users/repository';
import { UsersService } from './modules/users/service';
import { UserAdminRepository } from './modules/user-admin/repository';
import { UserAdminService } from './modules/user-admin/service';
import { MediaRepository } from './modules/media/repository';
import { ResumableUploads } from './modules/media/resumable';
import { ResumableRepository } from './modules/media/resumable-repository';
import { MediaService } from './modules/media/service';
import { objectStoreFor } from './modules/storage/drivers';
import { MediaStore } from './modules/storage/service';
import { createMissingAssets, SyncAgentRepository } from './modules/sync-agent/repository';
import { leaseSecondsFor, SyncAgentService } from './modules/sync-agent/service';
import { TransferRepository } from './modules/sync-agent/transfer-repository';
import { SyncExportRepository } from './modules/sync-export/repository';
import { SyncImportRepository } from './modules/sync-import/repository';
import { SyncImportService } from './modules/sync-import/service';
import { SyncExportService } from './modules/sync-export/service';
import { WebSyncRepository } from './modules/websync/repository';
import { WebSyncService } from './modules/websync/service';
import { ReportsRepository } from './modules/reports/repository';
import { ReportsService } from './modules/reports/service';
import { WidgetDataService } from './modules/dashboards/data';
import { DashboardsRepository } from './modules/dashboards/repository';
import { DashboardsService } from './modules/dashboards/service';
import { AuditRepository } from './modules/audit/repository';
import { AuditService } from './modules/audit/service';
import { InstanceRegistry } from './modules/licensing/instances';
import { InstancesRepository } from './modules/licensing/instances-repository';
import { LicensingRepository } from './modules/licensing/repository';
import { LicensingService } from './modules/licensing/service';
import { SharedLinksRepository } from './modules/shared-links/repository';
import { SharedLinksService } from './modules/shared-links/service';
import { INSTANCE_GONE_SECONDS, SEAT_IDLE_MINUTES } from '@manway/core/api/licensing';

export interface Services {
  users: UsersService;
  /** The settings edition's Users page: administrators manage users and permissions. */
  userAdmin: UserAdminService;
  account: AccountService;
  settings: SettingsService;
  installationSettings: InstallationSettingsService;
  demo: DemoService;
  objects: ObjectsService;
  locations: LocationsService;
  map: MapService;
  filters: FiltersService;
  forms: FormsService;
  work: WorkService;
  inspections: InspectionsService;
  tasks: TasksService;
  observations: ObservationsService;
  media: MediaService;
  resumableUploads: ResumableUploads;
  scale: ScaleService;
  websync: WebSyncService;
  syncExport: SyncExportService;
  syncAgent: SyncAgentService;
  syncImport: SyncImportService;
  /** Attached to the queue once it has started (platform.ts). */
  jobs: LateJobSender;
  tiles: TilesService;
  reports: ReportsService;
  dashboards: DashboardsService;
  licensing: LicensingService;
  sharedLinks: SharedLinksService;
  /** This process among the server instances over the database (the licence's instance limit). */
  instances: InstanceRegistry;
  audit: AuditService;
  jobHandlers: JobHandlers;
}

export function createServices(db: Database, config: Config): Services {
  const users = new UsersService(new UsersRepository(db));
  const account = new AccountService(new AccountRepository(db), users, config);
  const demo = new DemoService(new DemoRepository(db));
  const objects = new ObjectsService(new ObjectsRepository(db));
  const filters = new FiltersService(new FiltersRepository(db), objects);
  const map = new MapService(new MapRepository(db), objects, filters);
  const audit = new AuditService(new AuditRepository(db));
  const network = { networkExtent: () => map.networkExtent() };
  const installationSettings = new InstallationSettingsService(new InstallationSettingsRepository(db), audit, network);
  const settings = new SettingsService(new SettingsRepository(db), db, network, installationSettings);
  const locations = new LocationsService(new LocationsRepository(db), objects);
  const work = new WorkService(new WorkRepository(db));
  const websync = new WebSyncService(new WebSyncRepository(db), {
    visible: async (user) => {
      const [own, shared] = await Promise.all([filters.listSaved(user), filters.available(user)]);
      return [...own, ...shared.map((f) => ({ ...f, shared: true }))];
    },
  });
  const jobs = new LateJobSender();
  const media = new MediaStore(config.dataDir, objectStoreFor(config, join(config.dataDir, 'media')));
  const mediaGallery = new MediaService(new MediaRepository(db), media, objects, jobs, config.mediaMaxBytes);
  const observations = new ObservationsService(
    new ObservationsRepository(db),
    media,
    mediaGallery,
    config.mediaMaxBytes,
  );
  const resumableUploads = new ResumableUploads(new ResumableRepository(db), media, mediaGallery, config.mediaMaxBytes);
  const forms = new FormsService(new FormsRepository(db), objects, observations, settings);
  const tasks = new TasksService(new TasksRepository(db), { forms, filters });
  const inspections = new InspectionsService(new InspectionsRepository(db), forms, observations, tasks, settings);
  const syncExport = new SyncExportService(
    new SyncExportRepository(db),
    {
      select: (user, kind, name) => filters.selectForExport(user, kind, name),
      matching: (user, name) => filters.selectMatching(user.id, name),
    },
    media,
  );
  // The Office creates the assets an inspection needs with the statement the Field's agent writes them by.
  const syncImport = new SyncImportService(
    new SyncImportRepository(db, { createMissingAssets }),
    media,
    config.mediaMaxBytes,
    observations,
  );
  const leaseSeconds = leaseSecondsFor(config.office);
  const syncAgent = new SyncAgentService(
    new SyncAgentRepository(db, leaseSeconds),
    new TransferRepository(db, leaseSeconds),
    websync,
    syncExport,
    jobs,
    { office: config.office, pageSize: config.syncPageSize, media, filters, conditions: observations },
  );
  const reports = new ReportsService(new ReportsRepository(db), {
    filters,
    store: media,
    jobs,
    leaseSeconds: config.reportLeaseSeconds,
  });
  const dashboards = new DashboardsService(new DashboardsRepository(db), new WidgetDataService(db, filters), filters);
  const licensing = new LicensingService(new LicensingRepository(db, SEAT_IDLE_MINUTES), audit);
  const sharedLinks = new SharedLinksService(
    new SharedLinksRepository(db),
    {
      object: (type, id) => objects.find(type, id),
      searchIds: async (filter, additionalRestrictions, field) => {
        await filters.checkFilter(filter, additionalRestrictions, field);
        return filters.ids({ filter, additionalRestrictions });
      },
      visibleDashboard: (user, name) => dashboards.visibleTo(user, name),
      dashboard: (id) => dashboards.shared(id),
      dashboardWidget: (id, widgetId) => dashboards.sharedWidget(id, widgetId),
    },
    audit,
  );
  return {
    users,
    account,
    settings,
    installationSettings,
    demo,
    objects,
    locations,
    map,
    filters,
    forms,
    work,
    inspections,
    tasks,
    observations,
    media: mediaGallery,
    resumableUploads,
    scale: new ScaleService(new ScaleRepository(db)),
    websync,
    syncExport,
    syncAgent,
    syncImport,
    jobs,
    tiles: new TilesService(new TilesRepository(db), objects),
    reports,
    dashboards,
    licensing,
    sharedLinks,
    instances: new InstanceRegistry(new InstancesRepository(db, INSTANCE_GONE_SECONDS), audit),
    audit,
    userAdmin: new UserAdminService(new UserAdminRepository(db), users, audit),
    jobHandlers: {
      'sessions.purge': async () => {
        await account.purge();
        // Seats of ended sessions are free already; this clears their traces.
        await licensing.sweep();
      },
      'media.purge-uploads': async () => {
        await syncImport.purgeAbandonedUploads();
        await resumableUploads.purgeAbandoned();
      },
      'websync.schedule': async () => {
        await websync.runDueSchedules();
        await syncAgent.dispatch();
      },
      'websync.run': async ({ taskId }, { signal }) => {
        await syncAgent.run(taskId, signal);
      },
      'media.process': async ({ mediaId }) => {
        await mediaGallery.process(mediaId);
      },
      'media.sweep': async () => {
        await mediaGallery.sweep();
      },
      'report.generate': async ({ reportId, generation }, { signal }) => {
        await reports.generate(reportId, generation, signal);
      },
      'report.sweep': async () => {
        await reports.sweep();
      },
      'dashboard.expire-sessions': async () => {
        await dashboards.expireSessions();
      },
    },
  };
}
