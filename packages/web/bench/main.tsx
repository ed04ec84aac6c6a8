/**
 * One page, three subjects, chosen by the query string: `?subject=grid` (the gallery's 10,000-row
 * grid), `?subject=virtual-table` (the gallery's virtual table) and `?subject=plain-list` (the plain
 * TanStack Virtual baseline), each with `&rows=N`. The bench script drives it through
 * `window.manwayBench`: deliver the data, then scroll to the end, timing both in the page.
 */
import '../src/shell/theme/theme.css';
import './bench.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AssetGrid } from '../src/features/widget-gallery/components/AssetGrid';
import { AssetVirtualTable, sampleAssetIds } from '../src/features/widget-gallery/components/VirtualTableDemo';
import { loadSampleAssetDetails } from '../src/features/widget-gallery/sampleAssetDetails';
import { sampleAssets, type SampleAsset } from '../src/features/widget-gallery/sampleAssets';
import { PlainVirtualList } from './PlainVirtualList';

type Subject = 'grid' | 'virtual-table' | 'plain-list';

const params = new URLSearchParams(location.search);
const subject = (params.get('subject') ?? 'grid') as Subject;
const rowCount = Number(params.get('rows') ?? 10_000);

/** Rows with content, as opposed to placeholders, loaders and empty states. */
const ROW_SELECTOR: Record<Subject, string> = {
  grid: 'table tbody tr.mw-grid__row',
  'virtual-table': '[role="row"][aria-rowindex]:not([aria-busy]) .mw-condition',
  'plain-list': '[data-bench-row]',
};

const noDetails = () => undefined;
// The stand-in server answers at once: the time measured is the table's, not a network's.
const loadAtOnce = (ids: number[]) => loadSampleAssetDetails(ids, 0);

let deliver: (() => void) | undefined;

function Bench() {
  const [rows, setRows] = useState<readonly SampleAsset[] | null>(null);
  const [ids, setIds] = useState<readonly number[] | null>(null);
  // Made before the clock starts: 'after the data arrives' means the data is in memory.
  const [prepared] = useState(() =>
    subject === 'virtual-table' ? { ids: sampleAssetIds(rowCount) } : { rows: sampleAssets(rowCount) },
  );
  deliver = () => {
    if (prepared.ids) setIds(prepared.ids);
    else setRows(prepared.rows);
  };

  if (subject === 'grid') {
    return (
      <main className="bench-page">
        <AssetGrid data={rows ?? []} loading={rows === null} onOpenAsset={noDetails} />
      </main>
    );
  }
  if (subject === 'virtual-table') {
    return (
      <main className="bench-page bench-box">
        <AssetVirtualTable ids={ids ?? []} loading={ids === null} loadDetails={loadAtOnce} />
      </main>
    );
  }
  return <main className="bench-page bench-box">{rows && <PlainVirtualList rows={rows} />}</main>;
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** After the next paint: a task queued from a frame callback runs once that frame is drawn. */
const afterPaint = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));

function waitForRows(): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(ROW_SELECTOR[subject])) return resolve();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(ROW_SELECTOR[subject])) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

interface ScrollResult {
  /** Longest task the longtask API saw (it reports tasks of 50 ms and more); null when none. */
  longestTaskMs: number | null;
  longTasks: number;
  /** Longest time between two frames while scrolling, which bounds any shorter task. */
  longestFrameMs: number;
}

/** Runs `steps` with one step a frame, watching long tasks and frame gaps throughout. */
async function watchWhile(steps: () => AsyncGenerator<void>): Promise<ScrollResult> {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let last = await nextFrame();
  let longestFrame = 0;
  for await (const _ of steps()) {
    const now = await nextFrame();
    longestFrame = Math.max(longestFrame, now - last);
    last = now;
  }
  // Work a step started may finish after its frame: give it time to be reported.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const entry of observer.takeRecords()) tasks.push(entry.duration);
  observer.disconnect();
  return {
    longestTaskMs: tasks.length > 0 ? Math.max(...tasks) : null,
    longTasks: tasks.length,
    longestFrameMs: longestFrame,
  };
}

const JUMPS = 150;

/** Scroll positions from the top to the very end in even jumps, then the last few viewports one by one. */
async function* scrollElementToEnd(element: HTMLElement): AsyncGenerator<void> {
  const end = () => element.scrollHeight - element.clientHeight;
  for (let jump = 1; jump <= JUMPS; jump += 1) {
    element.scrollTop = (end() * jump) / JUMPS - 10 * element.clientHeight;
    yield;
  }
  for (let step = 9; step >= 0; step -= 1) {
    element.scrollTop = end() - step * element.clientHeight;
    yield;
  }
}

async function* scrollWindowToEnd(): AsyncGenerator<void> {
  const end = () => document.documentElement.scrollHeight - window.innerHeight;
  window.scrollTo(0, 0);
  yield;
  while (window.scrollY < end() - 1) {
    window.scrollTo(0, Math.min(window.scrollY + window.innerHeight, end()));
    yield;
  }
}

function click(selector: string) {
  const button = document.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`nothing matches ${selector}`);
  button.click();
}

function choosePageSize(size: number) {
  const select = document.querySelector<HTMLSelectElement>('.mw-grid__page-size select');
  if (!select) throw new Error('no page size select');
  // React listens for the native change event; the value must be set the way a user's pick sets it.
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, String(size));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Scrolls the page to its end; a long page scrolls inside the grid's own box, one box height a frame. */
async function* scrollGridPageToEnd(): AsyncGenerator<void> {
  yield* scrollWindowToEnd();
  const box = document.querySelector<HTMLElement>('.mw-grid__scroller');
  if (!box || box.scrollHeight <= box.clientHeight) return;
  box.scrollTop = 0;
  yield;
  while (box.scrollTop < box.scrollHeight - box.clientHeight - 1) {
    box.scrollTop += box.clientHeight;
    yield;
  }
}

/** The grid pages: its end is reached by scrolling through a page, going to the last page and scrolling again. */
async function* gridToEnd(pageSize: number): AsyncGenerator<void> {
  if (pageSize !== 25) {
    choosePageSize(pageSize);
    yield;
  }
  yield* scrollGridPageToEnd();
  click('button[aria-label="Last page"]');
  yield;
  yield* scrollGridPageToEnd();
}

const api = {
  subject,
  rowCount,
  /** Milliseconds from handing over the data to the first rows painted. */
  async deliverAndTimeFirstRows(): Promise<number> {
    await afterPaint();
    const started = performance.now();
    deliver!();
    await waitForRows();
    return (await afterPaint()) - started;
  },
  async scrollToEnd(pageSize = 25): Promise<ScrollResult> {
    if (subject === 'grid') return watchWhile(() => gridToEnd(pageSize));
    const scroller = document.querySelector<HTMLElement>('[role="table"], [data-bench-scroller]');
    if (!scroller) throw new Error('no scroll element');
    return watchWhile(() => scrollElementToEnd(scroller));
  },
};

declare global {
  interface Window {
    manwayBench: typeof api;
  }
}
window.manwayBench = api;

createRoot(document.getElementById('root')!).render(<Bench />);
