import { describe, expect, it } from 'vitest';
import { RequestBudget } from './requestBudget';

/** Requests the test ends one by one, by name. */
function requests() {
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  const request = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      ends.set(name, () => resolve(name));
    });
  const end = async (name: string) => {
    ends.get(name)!();
    await settled();
  };
  return { started, request, end };
}

/** After the promises the last step set off have run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a request budget', () => {
  it('lets at most its limit of requests on their way; the others start in the order they asked', async () => {
    const budget = new RequestBudget(2);
    const { started, request, end } = requests();
    const signal = new AbortController().signal;
    const results = ['a', 'b', 'c', 'd'].map((name) => budget.run(signal, request(name)));
    await settled();
    expect(started).toEqual(['a', 'b']);

    await end('b');
    expect(started).toEqual(['a', 'b', 'c']);
    await end('a');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    await end('c');
    await end('d');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a request whose signal aborts while it waits never starts, and takes no place', async () => {
    const budget = new RequestBudget(1);
    const { started, request, end } = requests();
    const given = new AbortController();
    const first = budget.run(new AbortController().signal, request('first'));
    const givenUp = budget.run(given.signal, request('given up'));
    const last = budget.run(new AbortController().signal, request('last'));
    await settled();

    given.abort();
    expect(await givenUp).toBeNull();
    await end('first');
    expect(started).toEqual(['first', 'last']);
    await end('last');
    expect([await first, await last]).toEqual(['first', 'last']);
  });

  it('a request that fails frees its place', async () => {
    const budget = new RequestBudget(1);
    const signal = new AbortController().signal;
    await expect(budget.run(signal, () => Promise.reject(new Error('dropped')))).rejects.toThrow('dropped');
    expect(await budget.run(signal, () => Promise.resolve('next'))).toBe('next');
  });
});
