/**
 * A sync run holds its task by a token: once it stalls past its lease and a later run claims the
 * task, nothing the stalled run still writes counts (issue 14: "sync runs carry no lease token").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLostError, SyncAgentRepository, type Lease } from '../src/modules/sync-agent/repository';
import { startTestServer, type TestServer } from './harness';
import { sql } from '../src/db/sql';

let server: TestServer;
let repo: SyncAgentRepository;

beforeAll(async () => {
  server = await startTestServer();
  repo = new SyncAgentRepository(server.db, 600);
});
afterAll(() => server.close());

const task = async (id: number) =>
  (
    await server.db.query<{ status: string; server_log: string; current_operation: string | null }>(
      sql`SELECT status, server_log, current_operation FROM sync_agent_tasks WHERE id = ${id}`,
    )
  )[0]!;

describe('a sync run that lost its task to a later run', () => {
  it('writes no page, no log and no end once another run holds the task', async () => {
    const admin = (await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`))[0]!;
    const taskId = await repo.insertTask('GettingUsers', admin.id, 'admin');
    const first = await repo.claim(taskId);
    const stalled: Lease = { taskId, token: first!.lease_token };
    // The first run stalls past its lease; the next dispatch gives the task to a second run.
    await server.db.query(
      sql`UPDATE sync_agent_tasks SET lease_until = now() - interval '1 second' WHERE id = ${taskId}`,
    );
    const second = await repo.claim(taskId);
    expect(second?.lease_token).toBeDefined();
    expect(second!.lease_token).not.toBe(stalled.token);
    const current: Lease = { taskId, token: second!.lease_token };

    const page = { operation: 'Copying users', percentage: 50 };
    await expect(repo.applyPage(stalled, 'users', [], { after: 'x', done: false }, page)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    expect(await repo.progress(taskId, 'users')).toMatchObject({ after: null, done: false });
    await repo.appendLog(stalled, 'stalled run\n', 'stalled run\n');
    await repo.finish(stalled, 'Failed', 'Failed: stalled');
    expect(await task(taskId)).toMatchObject({ status: 'InProgress', server_log: '' });

    // The run that holds it carries on as if the other had never been.
    const outcome = await repo.applyPage(current, 'users', [], { after: null, done: true }, page);
    expect(outcome.cancelRequested).toBe(false);
    await repo.appendLog(current, 'current run\n', '');
    await repo.finish(current, 'FinishedSuccessfully', 'Finished');
    expect(await task(taskId)).toMatchObject({
      status: 'FinishedSuccessfully',
      server_log: 'current run\n',
      current_operation: 'Finished',
    });
  });

  it('a run that lost its task gives it up without ending it', async () => {
    const admin = (await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`))[0]!;
    const taskId = await repo.insertTask('GettingUsers', admin.id, 'admin');
    const stalled: Lease = { taskId, token: (await repo.claim(taskId))!.lease_token };
    await server.db.query(
      sql`UPDATE sync_agent_tasks SET lease_until = now() - interval '1 second' WHERE id = ${taskId}`,
    );
    await repo.claim(taskId);
    await repo.release(stalled);
    const [row] = await server.db.query<{ lease_until: Date | null }>(
      sql`SELECT lease_until FROM sync_agent_tasks WHERE id = ${taskId}`,
    );
    expect(row!.lease_until).not.toBeNull();
  });
});
