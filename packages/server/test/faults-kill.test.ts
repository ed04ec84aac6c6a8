/**
 * Issue 14, faults: the server process killed (SIGKILL, no shutdown) in the middle of a burst of
 * writes, then started again on the same data. On the embedded database this is the case that
 * matters: PGlite runs inside the killed process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  FilterWriter,
  savedFilterNames,
  scratchData,
  serverBackends,
  ServerProcess,
  signedInAdmin,
  sleep,
} from './faults-support';

const backends = serverBackends();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends)('the process killed during a burst of writes ($name)', (backend) => {
  it('loses no acknowledged write: after a restart on the same data every write that got a 2xx is there', async () => {
    const data = await scratchData(backend, 'manway-faults-kill-', cleanups);

    // Three kills, each at another point of a burst, then a last start that reads everything back.
    const writers: FilterWriter[] = [];
    const timings: string[] = [];
    let previousKill: number | undefined;
    for (const round of [1, 2, 3]) {
      const startedAt = Date.now();
      const server = await ServerProcess.start(data);
      cleanups.push(() => server.stop());
      await server.waitForHealth('ok', 60_000);
      const readyAt = Date.now();
      timings.push(
        `${previousKill === undefined ? 'first start' : 'restart after kill'} ${readyAt - (previousKill ?? startedAt)} ms`,
      );

      const writer = new FilterWriter(await signedInAdmin(server.base), `burst ${round}`).start(12);
      writers.push(writer);
      // Kill with the burst well under way and writes in flight.
      while (writer.acknowledged.length < 15 * round && Date.now() - readyAt < 20_000) await sleep(5);
      server.kill('SIGKILL');
      previousKill = Date.now();
      await server.exited;
      await writer.stop();
    }

    const last = await ServerProcess.start(data);
    cleanups.push(() => last.stop());
    await last.waitForHealth('ok', 60_000);
    timings.push(`restart after kill ${Date.now() - previousKill!} ms`);
    const present = await savedFilterNames(await signedInAdmin(last.base));

    const acknowledged = writers.flatMap((w) => w.acknowledged);
    const cutOff = writers.flatMap((w) => w.outcomes).filter((o) => o.status === 0).length;
    console.log(
      `[faults] kill (${data.databaseUrl ? 'PostgreSQL' : 'PGlite'}): 3 SIGKILLs, ${acknowledged.length} writes ` +
        `acknowledged, ${cutOff} cut off, ${present.size} rows after the last start; ${timings.join(', ')}`,
    );

    expect(acknowledged.length).toBeGreaterThanOrEqual(15 + 30 + 45);
    expect(cutOff).toBeGreaterThan(0);
    expect(acknowledged.filter((name) => !present.has(name))).toEqual([]);
    // Nothing invented either: every row found is one the test tried to write.
    const tried = new Set(writers.flatMap((w) => w.outcomes.map((o) => o.name)));
    expect([...present].filter((name) => !tried.has(name))).toEqual([]);
  }, 150_000);
});
