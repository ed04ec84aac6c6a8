/**
 * Map frame-rate benchmark: frames per second and the longest main-thread task while panning over
 * 100,000 visible nodes, drawn by the map's node-tile layer (WebGL on a GPU, tiles drawn once into
 * images without one) beside a plain OpenLayers canvas vector layer on the same points, in the same
 * run. The page is packages/web/bench/map-fps.html (built by `npm run bench`); each run's first
 * screenshot goes to packages/e2e/artifacts/bench-map-fps-*.png.
 */
import { launchBrowser, screenshot } from '../src/browser';
import { serveBenchPages } from './serve';

const PAN_MS = 5000;
const RUNS = 3;

interface PanResult {
  fps: number;
  frames: number;
  longestTaskMs: number;
  longTasks: number;
  webgl: boolean;
  pixelsBefore: number;
  pixelsAfter: number;
  firstDrawLongestTaskMs: number;
}

async function main() {
  const { server, origin } = await serveBenchPages();
  const browser = await launchBrowser();
  try {
    const measure = async (layer: 'ours' | 'ours-webgl' | 'plain') => {
      const results: PanResult[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        page.on('crash', () => console.error(`the ${layer} page crashed`));
        page.on('pageerror', (e) => console.error(`${layer}: ${e.message}`));
        // A first WebGL draw of every point in software takes longer than the default 30 s.
        await page.goto(`${origin}/map-fps.html?layer=${layer}`, { timeout: 180_000 });
        await page.waitForFunction(() => 'bench' in window);
        const result = await page.evaluate(
          (ms) => (window as unknown as { bench: { pan(ms: number): Promise<PanResult> } }).bench.pan(ms),
          PAN_MS,
        );
        // A layer that draws nothing pans fast: the figures count only if the points were drawn.
        if (!result.webgl && (result.pixelsBefore < 10_000 || result.pixelsAfter < 10_000))
          throw new Error(`the ${layer} layer drew ${result.pixelsBefore} / ${result.pixelsAfter} pixels`);
        results.push(result);
        if (run === 0) await screenshot(page, `bench-map-fps-${layer}`, { viewport: true });
        await page.close();
      }
      results.sort((a, b) => a.fps - b.fps);
      const median = results[Math.floor(results.length / 2)]!;
      return {
        ...median,
        longestTaskMs: Math.max(...results.map((r) => r.longestTaskMs)),
        firstDrawLongestTaskMs: Math.max(...results.map((r) => r.firstDrawLongestTaskMs)),
      };
    };
    const plain = await measure('plain');
    const ours = await measure('ours');
    // Where the browser draws WebGL in software our layer draws images; this row shows what WebGL would do.
    const forced = ours.webgl ? null : await measure('ours-webgl');
    const text = (r: PanResult) =>
      `${r.fps.toFixed(1)} fps, longest task ${Math.round(r.longestTaskMs)} ms (${r.longTasks} long tasks); ` +
      `first draw's longest task ${Math.round(r.firstDrawLongestTaskMs)} ms`;
    const measureName = `Map: pan over 100,000 visible nodes for ${PAN_MS / 1000} s (median of ${RUNS}`;
    const row = (name: string, r: PanResult) => [
      name,
      text(r),
      `plain OpenLayers canvas layer ${text(plain)}`,
      `${(r.fps / plain.fps).toFixed(2)}× fps`,
    ];
    const rows = [
      row(
        `${measureName}; our layer ${ours.webgl ? 'WebGL' : 'tiles drawn once into images, WebGL here has no GPU'})`,
        ours,
      ),
      ...(forced ? [row(`${measureName}; our layer forced to software WebGL)`, forced)] : []),
    ];
    const head = ['measure', 'Manway', 'baseline (same run)', 'ratio'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log('\nMap frame rate (Chromium, --disable-gpu)');
    console.log(line(head));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const r of rows) console.log(line(r));
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
