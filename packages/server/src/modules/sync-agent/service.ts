/**
 * The sync agent of a Field system: runs a sync-agent task (one scenario of the websync spec) as a
 * job, copying from the Office system over HTTP with the service account. Each scenario is a list
 * of steps, one per exported kind in dependency order; each step pages through the Office's export
 * and writes every page by global id in its own transaction with the step's cursor, so a run that
 * is killed resumes where it stopped and a re-run copies nothing twice.
 *
 * Task states: Scheduled → InProgress → FinishedSuccessfully | FinishedWithErrors (records skipped,
 * each with its reason in the client log) | Failed (the run could not go on; the reason is logged)
 * | Cancelled. A shutdown leaves the task InProgress and gives up its lease, to be resumed.
 */
import type { ExportKind } from '@manway/core/api/sync-export';
import type { TaskMediaItem } from '@manway/core/api/sync-data';
import { SCENARIO_LABELS, TaskSettings, type JobStatus, type Scenario } from '@manway/core/api/websync';
import { fail } from '../../errors';
import type { JobSender } from '../../jobs/queue';
import type { WebSyncService } from '../websync/service';
import {
  InterruptedError,
  OfficeClient,
  OfficeRefusedError,
  OfficeUnreachableError,
  readAhead,
  REQUEST_TIMEOUT_MS,
  type OfficeConnection,
  type OfficeEvent,
} from './office-client';
import { LeaseLostError, type ClaimedTask, type Lease, type SyncAgentRepository } from './repository';
import type { MediaStore } from '../storage/service';
import type { ObservationsService } from '../observations/service';
import type { SyncExportService } from '../sync-export/service';
import type { TransferRepository } from './transfer-repository';
import { Transfers, type AssetMatcher, type Logs, type TransferResult } from './transfer';

export interface AgentOptions {
  /** Undefined when this system has no Office to sync with (OFFICE_URL unset). */
  office: OfficeConnection | undefined;
  pageSize: number;
  media: MediaStore;
  /** This system's saved filters, for the filter of completed tasks to send. */
  filters: AssetMatcher;
  /** Recomputes an asset's condition when the Office's acceptance of its inspection arrives. */
  conditions: Pick<ObservationsService, 'recomputeCondition'>;
}

interface Step {
  kind: ExportKind;
  /** A saved filter of the sync user in the Office system, resolved there. */
  filter?: string;
}

/** The run cannot start: the reason, for both logs. */
class Unrunnable extends Error {}

const STRUCTURE: Step[] = [
  { kind: 'object-types' },
  { kind: 'subtypes' },
  { kind: 'standards' },
  { kind: 'codes' },
  { kind: 'form-templates' },
];

const KIND_LABELS: Record<ExportKind, string> = {
  'object-types': 'object types',
  subtypes: 'asset subtypes',
  standards: 'standards',
  codes: 'observation codes',
  'form-templates': 'form templates',
  users: 'users',
  'user-credentials': 'users’ passwords',
  projects: 'projects',
  nodes: 'nodes',
  sections: 'sections',
  laterals: 'laterals',
};

const NEVER = new AbortController().signal;

/** How many times a media file is tried in one run before it counts as failed. */
const MEDIA_FILE_ATTEMPTS = 3;

/** The two logs of a task: the server log for operators, the client log for the console's user. */
class TaskLogs implements Logs {
  private server: string[] = [];
  private client: string[] = [];
  constructor(
    private readonly repo: SyncAgentRepository,
    private readonly lease: Lease,
  ) {}
  serverLine(text: string) {
    this.server.push(`${new Date().toISOString()} ${text}\n`);
  }
  clientLine(text: string) {
    this.client.push(`${new Date().toISOString()} ${text}\n`);
  }
  both(text: string) {
    this.serverLine(text);
    this.clientLine(text);
  }
  async flush() {
    if (this.server.length === 0 && this.client.length === 0) return;
    const [server, client] = [this.server.join(''), this.client.join('')];
    this.server = [];
    this.client = [];
    await this.repo.appendLog(this.lease, server, client);
  }
}

/**
 * How long a run may go without writing a page before its task counts as abandoned: longer than
 * one page can take through every retry (each attempt may wait a full request timeout), so a live
 * run is never taken over, yet a killed one is resumed by a later dispatch.
 */
export function leaseSecondsFor(office: OfficeConnection | undefined): number {
  const delays = office?.retryDelaysMs ?? [];
  const waiting = delays.reduce((a, b) => a + b, 0) / 1000;
  return Math.ceil(waiting + (delays.length + 1) * (REQUEST_TIMEOUT_MS / 1000) + 60);
}

export class SyncAgentService {
  private readonly transfers: Transfers;

  /** Both repositories hold the task by the lease of `leaseSecondsFor(options.office)`. */
  constructor(
    private readonly repo: SyncAgentRepository,
    private readonly transferRepo: TransferRepository,
    private readonly websync: WebSyncService,
    /** This system's own export: what scenario 2 sends with each inspection. */
    exports: SyncExportService,
    private readonly jobs: JobSender,
    private readonly options: AgentOptions,
  ) {
    this.transfers = new Transfers(transferRepo, exports, options.media, options.filters, options.conditions);
  }

  /** The console's 'Uploading progress' of a task: each media file's job, name, status and percentage. */
  async media(taskId: number): Promise<TaskMediaItem[]> {
    const rows = await this.transferRepo.taskMedia(taskId);
    if (!rows) throw fail.notFound();
    return rows.map((r) => ({
      jobName: r.job_name,
      fileName: r.file_name,
      status: r.status as TaskMediaItem['status'],
      percentsComplete:
        r.size_bytes === 0
          ? r.bytes_done === 0 && r.status !== 'Completed' && r.status !== 'AlreadyPresent'
            ? 0
            : 100
          : Math.floor((r.bytes_done / r.size_bytes) * 100),
    }));
  }

  /** The metrics' sync task outcomes: tasks in the log by scenario and status. */
  taskCounts(): Promise<{ scenario: string; status: string; count: number }[]> {
    return this.repo.taskCounts();
  }

  /** The scheduler's second half: a run job for every task that is due or whose run stopped. */
  async dispatch(): Promise<number> {
    const ids = await this.repo.dispatchable();
    for (const taskId of ids) await this.jobs.send('websync.run', { taskId });
    return ids.length;
  }

  /** Runs a scenario now for a sync user (the structure scenario has no schedule, so this is its way). */
  async start(scenario: Scenario, userId: string): Promise<number> {
    const syncUser = await this.websync.syncUser(userId);
    const taskId = await this.repo.insertTask(scenario, syncUser.id, syncUser.login);
    await this.jobs.send('websync.run', { taskId });
    return taskId;
  }

  async cancel(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.repo.requestCancel(ids);
  }

  /** A task's server or client log, as plain text. */
  async log(taskId: number, type: 'Server' | 'Client'): Promise<string> {
    const logs = await this.repo.logs(taskId);
    if (!logs) throw fail.notFound();
    return type === 'Server' ? logs.server_log : logs.client_log;
  }

  /**
   * One run of a task; answers the status it ended in, or undefined when another run holds the
   * task, it has ended, or this run was interrupted (the task stays InProgress to be resumed).
   */
  async run(taskId: number, signal: AbortSignal = NEVER): Promise<JobStatus | undefined> {
    const task = await this.repo.claim(taskId);
    if (!task) return undefined;
    const lease: Lease = { taskId, token: task.lease_token };
    const logs = new TaskLogs(this.repo, lease);
    const scenario = task.scenario as Scenario;
    logs.both(
      task.attempts === 1
        ? `${SCENARIO_LABELS[scenario]} started for ${task.login}.`
        : `${SCENARIO_LABELS[scenario]} resumed (run ${task.attempts}) for ${task.login}.`,
    );
    let status: JobStatus;
    let operation: string;
    try {
      if (!this.options.office) throw new Unrunnable('This system has no Office system to sync with (set OFFICE_URL).');
      const client = new OfficeClient(this.options.office, (e) => logs.serverLine(describe(e)));
      logs.serverLine(`Office system ${this.options.office.url}, account ${this.options.office.login}.`);
      let skipped = 0;
      const result =
        scenario === 'GettingPlannedTasks' || scenario === 'SendingCompletedTasks'
          ? await this.transfer(task, scenario, {
              lease,
              client,
              logs,
              signal,
              pageSize: this.options.pageSize,
              fileRetryDelaysMs: this.options.office.retryDelaysMs.slice(0, MEDIA_FILE_ATTEMPTS - 1),
            })
          : await this.copySteps(lease, client, await this.plan(task), logs, signal);
      if (result === 'cancelled') {
        logs.both('Cancelled by a user; what was copied before stays.');
        await logs.flush();
        await this.repo.finish(lease, 'Cancelled', 'Cancelled');
        return 'Cancelled';
      }
      skipped = result.errors;
      status = skipped > 0 ? 'FinishedWithErrors' : 'FinishedSuccessfully';
      operation = skipped > 0 ? `Finished; ${skipped} records or files not transferred` : 'Finished';
      logs.both(
        skipped > 0
          ? `Finished with ${skipped} records or files not transferred (reasons above).`
          : 'Finished successfully.',
      );
    } catch (error) {
      if (error instanceof InterruptedError || signal.aborted) {
        logs.serverLine('Interrupted (the server is stopping); the task will resume from its last page.');
        await logs.flush();
        await this.repo.release(lease);
        return undefined;
      }
      // Another run took the task over (this one stalled past its lease): it is that run's now.
      if (error instanceof LeaseLostError) return undefined;
      status = 'Failed';
      const reason = reasonOf(error);
      operation = `Failed: ${reason}`;
      logs.both(`Failed: ${reason}`);
      if (!(
        error instanceof Unrunnable ||
        error instanceof OfficeRefusedError ||
        error instanceof OfficeUnreachableError
      )) {
        logs.serverLine(`${(error as Error).stack ?? String(error)}`);
      }
    }
    await logs.flush();
    await this.repo.finish(lease, status, operation);
    return status;
  }

  private async copySteps(
    lease: Lease,
    client: OfficeClient,
    steps: Step[],
    logs: TaskLogs,
    signal: AbortSignal,
  ): Promise<TransferResult> {
    let errors = 0;
    for (const [index, step] of steps.entries()) {
      let result: Awaited<ReturnType<SyncAgentService['copy']>>;
      try {
        result = await this.copy(lease, client, step, { index, of: steps.length }, logs, signal);
      } catch (error) {
        // The accounts are copied; only their passwords are refused to this agent's account.
        if (!(step.kind === 'user-credentials' && error instanceof OfficeRefusedError && error.status === 403)) {
          throw error;
        }
        logs.clientLine(
          `Passwords not copied: the Office account ${this.options.office!.login} may not read them (only an ` +
            'account marked as a sync agent may). Copied accounts cannot sign in to the Field until it is.',
        );
        errors++;
        continue;
      }
      if (result === 'cancelled') return result;
      errors += result.skipped;
    }
    return { errors };
  }

  /** Scenarios 1 and 2 with the sync user's settings; the schedule's own filter comes first. */
  private async transfer(
    task: ClaimedTask,
    scenario: 'GettingPlannedTasks' | 'SendingCompletedTasks',
    run: Parameters<Transfers['gettingTasks']>[0],
  ): Promise<TransferResult> {
    const fromSchedule = TaskSettings.safeParse(task.task_settings);
    const scheduled = fromSchedule.success ? fromSchedule.data : undefined;
    if (!task.user_id) throw new Unrunnable('The task has no sync user.');
    const user = await this.websync.settingsOf(task.user_id);
    if (scenario === 'GettingPlannedTasks') {
      const settings = user.gettingTasksSettings!;
      const filter = scheduled?.$type === 'GettingTasksSettings' ? scheduled.FilterName : settings.FilterName;
      return this.transfers.gettingTasks(run, settings, filter ?? null);
    }
    const settings = user.sendingCompletedTasksSettings!;
    const filter =
      scheduled?.$type === 'SendingCompletedTasksSettings'
        ? scheduled.ScheduledTasksFilterName
        : settings.ScheduledTasksFilterName;
    return this.transfers.sendingTasks(run, settings, filter ?? null, task.user_id);
  }

  /** The steps of the task's scenario with the sync user's settings (the schedule's own settings first). */
  private async plan(task: ClaimedTask): Promise<Step[]> {
    const scenario = task.scenario as Scenario;
    const fromSchedule = TaskSettings.safeParse(task.task_settings);
    const scheduled = fromSchedule.success ? fromSchedule.data : undefined;
    const user = task.user_id ? await this.websync.settingsOf(task.user_id) : undefined;
    switch (scenario) {
      case 'GettingDatabaseStructure':
        return STRUCTURE;
      case 'GettingUsers':
        // Accounts first: a password follows only an account the Field holds.
        return [{ kind: 'users' }, { kind: 'user-credentials' }];
      case 'GettingProjects': {
        const s = scheduled?.$type === 'GettingProjectsSettings' ? scheduled : user?.gettingProjectsSettings;
        if (s?.AllProjectsExport) return [{ kind: 'projects' }];
        if (!s?.ProjectsFilterName) throw new Unrunnable('Neither all projects nor a projects filter is chosen.');
        return [{ kind: 'projects', filter: s.ProjectsFilterName }];
      }
      case 'GettingAssets': {
        const s = scheduled?.$type === 'GettingAssetsSettings' ? scheduled : user?.gettingAssetsSettings;
        // All assets means every asset, laterals included: the console clears the laterals option then.
        if (s?.AllAssetsExport) return [{ kind: 'nodes' }, { kind: 'sections' }, { kind: 'laterals' }];
        if (!s?.AssetsFilterName) throw new Unrunnable('Neither all assets nor an assets filter is chosen.');
        const filter = s.AssetsFilterName;
        const laterals = user?.gettingAssetsSettings?.IncludeLateralsForAssetsExport ?? false;
        return [
          { kind: 'nodes', filter },
          { kind: 'sections', filter },
          ...(laterals ? [{ kind: 'laterals' as const, filter }] : []),
        ];
      }
      case 'GettingPlannedTasks':
      case 'SendingCompletedTasks':
        throw new Unrunnable(`${SCENARIO_LABELS[scenario]} runs as a transfer, not as export steps.`);
      default: {
        const unreachable: never = scenario;
        throw new Unrunnable(`Unknown scenario ${String(unreachable)}.`);
      }
    }
  }

  private async copy(
    lease: Lease,
    client: OfficeClient,
    step: Step,
    position: { index: number; of: number },
    logs: TaskLogs,
    signal: AbortSignal,
  ): Promise<{ skipped: number } | 'cancelled'> {
    const label = KIND_LABELS[step.kind];
    const progress = await this.repo.progress(lease.taskId, step.kind);
    if (progress.done) return { skipped: progress.skipped };
    let after = progress.after ?? undefined;
    let totals = { copied: progress.copied, unchanged: 0, skipped: progress.skipped };
    if (after) logs.serverLine(`Resuming ${label} after ${after}.`);
    // The next page is fetched while this one is written, so the Office reads as the Field writes;
    // a page fetched ahead and not written (cancel, failure) is dropped, its cursor never stored.
    const ahead = new AbortController();
    const fetchPage = (from: string | undefined) =>
      readAhead(
        client.page(
          step.kind,
          { after: from, limit: this.options.pageSize, filter: step.filter },
          AbortSignal.any([signal, ahead.signal]),
        ),
      );
    try {
      let next = fetchPage(after);
      for (;;) {
        if (signal.aborted) throw new InterruptedError();
        const page = await next;
        const done = page.next === null;
        if (!done) next = fetchPage(page.next!);
        const percentage = Math.min(99, Math.floor(((position.index + (done ? 1 : 0.5)) / position.of) * 100));
        const outcome = await this.repo.applyPage(
          lease,
          step.kind,
          page.items,
          { after: page.next ?? after ?? null, done },
          { operation: `Copying ${label}`, percentage },
        );
        totals = {
          copied: totals.copied + outcome.inserted + outcome.updated,
          unchanged: totals.unchanged + outcome.unchanged,
          skipped: totals.skipped + outcome.skipped.length,
        };
        logs.serverLine(
          `${label}: page of ${page.items.length} written: ${outcome.inserted} new, ${outcome.updated} updated, ` +
            `${outcome.unchanged} unchanged, ${outcome.skipped.length} skipped.`,
        );
        for (const s of outcome.skipped) logs.clientLine(`Skipped ${s.label}: ${s.reason}.`);
        await logs.flush();
        if (outcome.cancelRequested) return 'cancelled';
        if (done) break;
        after = page.next!;
      }
    } finally {
      ahead.abort();
    }
    logs.clientLine(
      `${capitalise(label)}${step.filter ? ` (filter "${step.filter}")` : ''}: ${totals.copied} copied, ` +
        `${totals.unchanged} already up to date, ${totals.skipped} skipped.`,
    );
    return { skipped: totals.skipped };
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function describe(e: OfficeEvent): string {
  switch (e.kind) {
    case 'request':
      return `${e.method} ${e.path} → ${e.status} in ${e.ms} ms`;
    case 'retry':
      return `${e.path} failed (${e.reason}); attempt ${e.attempt + 1} in ${e.waitMs} ms`;
    default: {
      const unreachable: never = e;
      return String(unreachable);
    }
  }
}
