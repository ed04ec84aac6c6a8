/**
 * What a saved filter selects for one export run, evaluated once at the run's first page (decision
 * 0022). A run pages by global id, so the selection is kept in global-id order and each page takes
 * the next ids after its cursor: the page statement carries at most a page of ids, not every match.
 * Kept in this process for a while after its last page; a page whose selection is not here (another
 * process, a resume after a restart, a long pause) evaluates the filter again.
 */

/** The records a filter selected, by global id (ascending, lowercase) with their local ids. */
export interface Selection {
  globalIds: string[];
  ids: number[];
}

/** A run's page of a selection: its local ids, and the cursor after it (null at the end). */
export interface SelectionPage {
  ids: number[];
  next: string | null;
}

const IDLE_MS = 30 * 60 * 1000;
const MAX_RUNS = 64;

export class RunSelections {
  private readonly runs = new Map<string, { selection: Selection; usedAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The page after `after` of the selection `key` names; `select` evaluates it when the run starts
   * (no cursor) or when it is not kept here.
   */
  async page(
    key: string,
    after: string | undefined,
    limit: number,
    select: () => Promise<Selection>,
  ): Promise<SelectionPage> {
    this.forgetIdle();
    let run = after === undefined ? undefined : this.runs.get(key);
    if (!run) {
      run = { selection: await select(), usedAt: this.now() };
      this.runs.delete(key);
      this.runs.set(key, run);
      while (this.runs.size > MAX_RUNS) this.runs.delete(this.runs.keys().next().value!);
    }
    run.usedAt = this.now();
    const { globalIds, ids } = run.selection;
    const from = after === undefined ? 0 : firstAfter(globalIds, after.toLowerCase());
    const to = Math.min(globalIds.length, from + limit);
    // A full page names its last id as the cursor, as an unfiltered page does: the next page may be empty.
    return { ids: ids.slice(from, to), next: to - from === limit ? globalIds[to - 1]! : null };
  }

  private forgetIdle() {
    const cutoff = this.now() - IDLE_MS;
    for (const [key, run] of this.runs) if (run.usedAt < cutoff) this.runs.delete(key);
  }
}

/** The index of the first global id greater than `after` (canonical uuid text sorts as the uuids do). */
function firstAfter(sorted: readonly string[], after: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}
