/**
 * The dashboard page's first full draw in Chromium (issue #20), run by packages/server/bench/dashboards.ts
 * against its server over the 1,000,000-asset network: `node --import tsx dashboardDraw.ts BASE LOGIN PASSWORD`.
 * Signed in, the office's Dashboards page is opened: the time from navigation until every widget of
 * the default dashboard has its data and every chart has finished drawing it, with nothing of the page
 * cached (a new browser context each, the median of three) and then the median of five reloads. Beside it, the bare library: ECharts (its own
 * bundle) drawing the same data, already in hand, into plain boxes of the same size. Prints one JSON
 * line { cold, warm, bare } in milliseconds; the first draw's screenshot is bench-dashboard-draw.png.
 */
import { createRequire } from 'node:module';
import type * as EchartsModule from 'echarts';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../src/browser';

const [base, login, password] = process.argv.slice(2) as [string, string, string];
const RELOADS = 5;
type Echarts = typeof EchartsModule;

/** Resolves in the page once every widget is ready and every chart drawn: ms since navigation began. */
async function drawnAfter(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const widgets = [...document.querySelectorAll('section.mw-dash-widget')];
      const charts = [...document.querySelectorAll<HTMLElement>('.mw-dash-chart')];
      const done =
        widgets.length > 0 &&
        widgets.every((w) => w.getAttribute('data-state') === 'ready') &&
        charts.every((c) => c.dataset.drawn === 'true');
      return done ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface WidgetAnswer {
  widget: { id: string; type: string; title: string };
  data: {
    items: { label: string; value: number; color: string }[];
    total: number | null;
    gauge?: { value: number; max: number } | null;
  };
}

async function main() {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${base}/office/`);
    await page.getByLabel('Login').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/office/`);

    // Nothing of the page cached: each in a new browser context, signed in there; the median of three.
    const colds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const fresh = await browser.newContext({
        viewport: { width: 1440, height: 1000 },
        storageState: await context.storageState(),
      });
      const first = await fresh.newPage();
      await first.goto(`${base}/office/dashboards`);
      colds.push(await drawnAfter(first));
      if (i === 0) await screenshot(first, 'bench-dashboard-draw', { viewport: true });
      await fresh.close();
    }
    colds.sort((a, b) => a - b);
    const cold = colds[1]!;
    await page.goto(`${base}/office/dashboards`);
    await drawnAfter(page);
    const warm: number[] = [];
    for (let i = 0; i < RELOADS; i += 1) {
      await page.reload();
      warm.push(await drawnAfter(page));
    }
    warm.sort((a, b) => a - b);

    // The bare library: the same answers fetched first, then drawn by ECharts alone.
    const template = (await (await context.request.get(`${base}/api/dashboard/template`)).json()) as {
      widgets: { id: string }[];
    };
    const answers = await Promise.all(
      template.widgets.map(
        async (w) =>
          (await (await context.request.get(`${base}/api/dashboard/widgets/${w.id}`)).json()) as WidgetAnswer,
      ),
    );
    const bare = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await bare.setContent('<!doctype html><html><body style="margin:0;display:flex;flex-wrap:wrap"></body></html>');
    await bare.addScriptTag({ path: createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js') });
    const bareMs = await bare.evaluate(async (all: WidgetAnswer[]) => {
      const echarts = (window as unknown as { echarts: Echarts }).echarts;
      const started = performance.now();
      const finished: Promise<void>[] = [];
      for (const { widget, data } of all) {
        const box = document.createElement('div');
        box.style.cssText = 'width:700px;height:340px';
        document.body.appendChild(box);
        if (widget.type === 'total' || widget.type === 'table') {
          box.textContent =
            widget.type === 'total' ? String(data.total) : data.items.map((i) => `${i.label}\t${i.value}`).join('\n');
          continue;
        }
        const chart = echarts.init(box);
        finished.push(new Promise((resolve) => chart.on('finished', () => resolve())));
        const labels = data.items.map((i) => i.label);
        const values = data.items.map((i) => ({ value: i.value, itemStyle: { color: i.color } }));
        // As the page: drawn at once, without an intro animation.
        chart.setOption({ animationDuration: 0 });
        chart.setOption(
          widget.type === 'gauge'
            ? { series: [{ type: 'gauge', max: data.gauge?.max ?? 100, data: [{ value: data.gauge?.value ?? 0 }] }] }
            : widget.type === 'pie'
              ? { series: [{ type: 'pie', data: data.items.map((i) => ({ name: i.label, value: i.value })) }] }
              : {
                  xAxis: widget.type === 'bar' ? { type: 'value' } : { type: 'category', data: labels },
                  yAxis: widget.type === 'bar' ? { type: 'category', data: labels } : { type: 'value' },
                  series: [{ type: 'bar', data: values }],
                },
        );
      }
      await Promise.all(finished);
      return performance.now() - started;
    }, answers);
    console.log(JSON.stringify({ cold, warm: warm[Math.floor(warm.length / 2)], bare: bareMs }));
  } finally {
    await browser.close();
  }
}

await main();
