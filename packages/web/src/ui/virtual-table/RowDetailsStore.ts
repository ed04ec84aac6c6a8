import { pickDetailBatch } from './detailBatches';

type Progress = 'loading' | 'loaded' | 'failed';

/**
 * Row details by id for one virtual table, with where each id's request stands. Kept outside React
 * state because a 100,000-row list would otherwise copy a huge map on every batch; the table
 * subscribes to `version` to re-render when a batch lands.
 */
export class RowDetailsStore<TId, TRow> {
  private readonly rows = new Map<TId, TRow | null>();
  private readonly progress = new Map<TId, Progress>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** The row; null when the server had no details for the id; undefined while not loaded. */
  get(id: TId): TRow | null | undefined {
    return this.rows.get(id);
  }

  /** Every id settled so far with its row (null when missing). */
  settled(): IterableIterator<[TId, TRow | null]> {
    return this.rows.entries();
  }

  /** The last request for the id failed; it is asked for again when next on screen. */
  hasFailed(id: TId): boolean {
    return this.progress.get(id) === 'failed';
  }

  /** The next batch to ask for, marked as loading; empty when the rows on screen are covered. */
  takeBatch(ids: readonly TId[], firstIndex: number, lastIndex: number, minSize: number): TId[] {
    const batch = pickDetailBatch(
      ids,
      firstIndex,
      lastIndex,
      (id) => {
        const progress = this.progress.get(id);
        return progress === 'loading' || progress === 'loaded';
      },
      minSize,
    );
    for (const id of batch) this.progress.set(id, 'loading');
    return batch;
  }

  /** Ids the answer leaves out are settled as missing, so they are not asked for again and again. */
  settle(batch: readonly TId[], found: Partial<Record<TId & PropertyKey, TRow>>): void {
    for (const id of batch) {
      this.progress.set(id, 'loaded');
      this.rows.set(id, found[id as TId & PropertyKey] ?? null);
    }
    this.notify();
  }

  /** Failed ids are asked for again the next time they are on screen. */
  fail(batch: readonly TId[]): void {
    for (const id of batch) this.progress.set(id, 'failed');
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private notify() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
