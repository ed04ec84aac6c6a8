import { describe, expect, it } from 'vitest';
import { RunSelections, type Selection } from './selections';

const g = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const selection = (...ns: number[]): Selection => ({ globalIds: ns.map(g), ids: ns.map((n) => n * 10) });

describe('a saved filter evaluated once per export run', () => {
  it("a run's later pages take the selection evaluated at its first page, a page of ids at a time", async () => {
    const runs = new RunSelections();
    let evaluated = 0;
    const select = async () => {
      evaluated++;
      return selection(1, 2, 3, 4, 5);
    };
    const first = await runs.page('run', undefined, 2, select);
    expect(first).toEqual({ ids: [10, 20], next: g(2) });
    const second = await runs.page('run', first.next!, 2, select);
    expect(second).toEqual({ ids: [30, 40], next: g(4) });
    expect(await runs.page('run', second.next!, 2, select)).toEqual({ ids: [50], next: null });
    expect(evaluated).toBe(1);
  });

  it('a new run (no cursor) evaluates the filter again', async () => {
    const runs = new RunSelections();
    await runs.page('run', undefined, 2, async () => selection(1, 2, 3));
    expect(await runs.page('run', undefined, 2, async () => selection(7))).toEqual({ ids: [70], next: null });
  });

  it('a resumed run whose selection is not kept here evaluates it and continues after its cursor', async () => {
    let now = 0;
    const runs = new RunSelections(() => now);
    await runs.page('run', undefined, 2, async () => selection(1, 2, 3));
    now += 31 * 60 * 1000;
    expect(await runs.page('run', g(2), 2, async () => selection(1, 2, 3, 4))).toEqual({ ids: [30, 40], next: g(4) });
    expect(await runs.page('other', g(1), 2, async () => selection(1, 5))).toEqual({ ids: [50], next: null });
  });
});
