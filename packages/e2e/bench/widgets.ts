/**
 * Widget benchmark: the gallery's 10,000-row grid and a 100,000-row virtual table in Chromium —
 * time to first rows painted after the data arrives, and the longest main-thread task while
 * scrolling to the end — beside a plain TanStack Virtual list of the same rows, measured in the
 * same run. The pages come from packages/web/bench (built to packages/web/bench/dist by
 * `npm run bench`), served here by a small static server.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { serveBenchPages } from './serve';

const RUNS = 5;
const VIEWPORT = { width: 1280, height: 900 };

interface ScrollResult {
  longestTaskMs: number | null;
  longTasks: number;
  longestFrameMs: number;
}

interface BenchApi {
  deliverAndTimeFirstRows(): Promise<number>;
  scrollToEnd(pageSize?: number): Promise<ScrollResult>;
}

interface RunResult {
  firstRowsMs: number;
  scroll: ScrollResult;
}

/** One fresh page per run, so no run inherits another's caches, heap or layout. */
async function measure(
  browser: Browser,
  origin: string,
  subject: 'grid' | 'virtual-table' | 'plain-list',
  rows: number,
  pageSize?: number,
): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${origin}/?subject=${subject}&rows=${rows}`);
    await page.waitForFunction('"manwayBench" in window');
    const firstRowsMs = await page.evaluate(() =>
      (globalThis as unknown as { manwayBench: BenchApi }).manwayBench.deliverAndTimeFirstRows(),
    );
    // Let the first details batch and any idle work settle before scrolling.
    await page.waitForTimeout(300);
    const scroll = await page.evaluate(
      (size) => (globalThis as unknown as { manwayBench: BenchApi }).manwayBench.scrollToEnd(size),
      pageSize,
    );
    if (errors.length > 0) throw errors[0];
    results.push({ firstRowsMs, scroll });
    await context.close();
  }
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** Median of the runs' longest tasks; runs with none count as under the API's 50 ms floor. */
function longestTask(results: RunResult[]): { text: string; value: number | null; frameMs: number } {
  const frameMs = median(results.map((r) => r.scroll.longestFrameMs));
  const tasks = results.map((r) => r.scroll.longestTaskMs ?? 0);
  const value = median(tasks);
  const text = value === 0 ? `none ≥ 50 ms (frame ${ms(frameMs)})` : `${ms(value)} (frame ${ms(frameMs)})`;
  return { text, value: value === 0 ? null : value, frameMs };
}

function taskRatio(ours: ReturnType<typeof longestTask>, baseline: ReturnType<typeof longestTask>): string {
  if (ours.value !== null && baseline.value !== null) return `${(ours.value / baseline.value).toFixed(2)}×`;
  // Under 50 ms the longtask API says nothing; the longest frames compare what is left.
  return `${(ours.frameMs / baseline.frameMs).toFixed(2)}× (frames)`;
}

async function main() {
  const { server, origin } = await serveBenchPages();
  const browser = await launchBrowser();
  try {
    const grid = await measure(browser, origin, 'grid', 10_000);
    const grid1000 = await measure(browser, origin, 'grid', 10_000, 1000);
    const plain10k = await measure(browser, origin, 'plain-list', 10_000);
    const table = await measure(browser, origin, 'virtual-table', 100_000);
    const plain100k = await measure(browser, origin, 'plain-list', 100_000);

    const firstRows = (results: RunResult[]) => median(results.map((r) => r.firstRowsMs));
    const firstRowsRow = (name: string, ours: RunResult[], baseline: RunResult[]): string[] => [
      name,
      ms(firstRows(ours)),
      ms(firstRows(baseline)),
      `${(firstRows(ours) / firstRows(baseline)).toFixed(2)}×`,
      '< 300 ms, ≤ 1.2×',
    ];
    const taskRow = (name: string, ours: RunResult[], baseline: RunResult[]): string[] => {
      const oursTask = longestTask(ours);
      const baselineTask = longestTask(baseline);
      return [name, oursTask.text, baselineTask.text, taskRatio(oursTask, baselineTask), 'no task > 100 ms, ≤ 1.2×'];
    };

    const rows: string[][] = [
      firstRowsRow('10,000-row grid: first rows painted after the data arrives', grid, plain10k),
      taskRow('10,000-row grid (25 a page): longest task, scrolling and paging to the end', grid, plain10k),
      taskRow('10,000-row grid (1000 a page): longest task, to the end', grid1000, plain10k),
      firstRowsRow('100,000-row virtual table: first rows painted after the data arrives', table, plain100k),
      taskRow('100,000-row virtual table: longest task, scrolling to the end', table, plain100k),
    ];
    const header = ['measure', 'Manway', 'plain TanStack Virtual list (same run)', 'ratio', 'aim'];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(
      `\nWidgets (Chromium ${browser.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, median of ${RUNS} runs)`,
    );
    console.log(line(header));
    console.log(line(widths.map((width) => '-'.repeat(width))));
    for (const row of rows) console.log(line(row));
    console.log(
      'First rows: from handing over data already in memory to the frame after the rows are drawn. Longest task:\n' +
        "PerformanceObserver 'longtask' (it reports tasks of 50 ms and more) while scrolling to the end; 'frame' is the\n" +
        'longest gap between two frames meanwhile. The virtual table fetches details from a stand-in that answers at once.',
    );
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
