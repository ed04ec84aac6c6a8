/**
 * Issue 19, faults: the server process killed (SIGKILL) while it generates a report, then started
 * again on the same data. The report is finished by the restarted process and stored exactly once.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportTask } from '@manway/core/api/reports';
import { scratchData, serverBackends, ServerProcess, signedInAdmin, sleep } from './faults-support';

const backends = serverBackends();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

// The demo town without its media; a lease short enough that the restart finds it lapsed.
const ENV = { SEED_DEMO: 'true', SEED_DEMO_MEDIA: 'false', REPORT_LEASE_SECONDS: '1' };
const QUEUE = 'q-faults';
const TASKS = `/report-api/reports/queues/${QUEUE}/tasks`;

describe.each(backends)('a report whose process is killed mid-generation ($name)', (backend) => {
  it('is generated again after the restart and yields exactly one file', { timeout: 300_000 }, async () => {
    const data = await scratchData(backend, 'manway-faults-report-', cleanups);
    const first = await ServerProcess.start(data, ENV);
    cleanups.push(() => first.stop());
    await first.waitForHealth('ok', 120_000);
    const admin = await signedInAdmin(first.base);
    expect((await admin.post('/report-api/reports/queues', { Id: QUEUE })).status).toBe(201);
    // The demo town's inspections over and over, 1,000 in all: long enough to be killed in the middle,
    // short enough not to starve the test files running beside it.
    const ids: number[] = [];
    for (const group of ['incomplete', 'pending', 'completed']) {
      const page = await admin.get<{ items: { id: number }[] }>(`/api/inspections/grid?group=${group}&pageSize=1000`);
      ids.push(...page.body.items.map((i) => i.id));
    }
    expect(ids.length).toBeGreaterThan(0);
    const made = await admin.post<ReportTask>(TASKS, {
      ReportName: 'inspection-report',
      Format: 'PDF',
      Name: 'Killed midway',
      ObjectType: 'inspection',
      UiContext: 'selection',
      Source: { kind: 'ids', ids: Array.from({ length: 1000 }, (_, i) => ids[i % ids.length]!) },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id;
    const task = async (client = admin) =>
      (await client.get<{ items: ReportTask[] }>(`${TASKS}?ids=${id}`)).body.items[0]!;

    // Killed once the worker has reported progress (it renews its one-second lease thrice a second).
    const deadline = Date.now() + 120_000;
    let seen: ReportTask;
    do {
      await sleep(100);
      seen = await task();
    } while (seen.state === 'inProgress' && seen.progress === 0 && Date.now() < deadline);
    expect(seen.state, 'the report finished before it could be killed: make it larger').toBe('inProgress');
    first.kill('SIGKILL');
    await first.exited;
    const progressAtKill = seen.progress;

    const second = await ServerProcess.start(data, ENV);
    cleanups.push(() => second.stop());
    await second.waitForHealth('ok', 120_000);
    const again = await signedInAdmin(second.base);
    const until = Date.now() + 240_000;
    let done: ReportTask;
    do {
      await sleep(500);
      done = await task(again);
    } while (done.state === 'inProgress' && Date.now() < until);
    expect(done.state, done.error ?? '').toBe('completed');
    const files = (await readdir(join(data.dataDir, 'media', 'reports'))).filter((f) => f.startsWith(`${id}-`));
    expect(files).toEqual([`${id}-1.pdf`]);
    const pdf = await fetch(`${second.base}${TASKS}/${id}/file`, { headers: { cookie: again.cookie! } });
    expect(pdf.status).toBe(200);
    expect(Number(pdf.headers.get('content-length'))).toBe(done.sizeBytes);
    console.log(
      `killed at ${Math.round(progressAtKill * 100)} %; completed after the restart (${done.sizeBytes} bytes)`,
    );
  });
});
