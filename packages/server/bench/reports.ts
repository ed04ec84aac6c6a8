/**
 * Issue 19's measures, each beside a bare baseline in the same run:
 * - an XLSX of 100,000 rows × 15 columns: our writer (typed cells, frozen header, autofilter, text
 *   never a formula) and the whole asset-list report (rows read from PGlite in batches, then written)
 *   beside a bare exceljs streaming writer of the same rows: seconds and peak RSS, each run in a
 *   process of its own so that its peak is its own (aims: ≤ 1.2× the bare seconds, < 200 MB);
 * - the PDF inspection report of 1,000 observations with photos beside a bare pdfkit loop drawing
 *   the same table with the same thumbnails (aim: ≤ 1.5×).
 * BENCH_REPORT_ROWS makes the spreadsheet smaller for a quick run.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportObservation, SheetCell, SheetColumn } from '../src/modules/reports/documents/model';

// Each measured process loads only what its mode needs, so its peak RSS is the writer's, not the
// whole server's: the modules are imported where they are used.

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const RUNS = 3;
const PDF_RUNS = 11;
const BATCH = 2000;
const PASSWORD = 'bench-admin-password';
/** The asset list's 14 columns besides the asset id: 15 in all. */
const ASSET_COLUMNS = [
  'subtype',
  'material',
  'yearBuilt',
  'owner',
  'use',
  'lifecycleStatus',
  'street',
  'district',
  'conditionGrade',
  'sizeMm',
  'shape',
  'lengthM',
  'fromNode',
  'toNode',
];

const COLUMNS: SheetColumn[] = [
  { header: 'Asset ID', type: 'text' },
  { header: 'Subtype', type: 'text' },
  { header: 'Material', type: 'text' },
  { header: 'Year built', type: 'integer' },
  { header: 'Owner', type: 'text' },
  { header: 'Use', type: 'text' },
  { header: 'Status', type: 'text' },
  { header: 'Street', type: 'text' },
  { header: 'District', type: 'text' },
  { header: 'Grade', type: 'integer' },
  { header: 'Size (mm)', type: 'integer' },
  { header: 'Shape', type: 'text' },
  { header: 'Length (m)', type: 'number' },
  { header: 'Inspected', type: 'date' },
  { header: 'Accepted', type: 'boolean' },
];

/** The same 15 cells for row i, whoever writes them. */
function row(i: number): SheetCell[] {
  return [
    `S-${String(i).padStart(6, '0')}`,
    i % 7 === 0 ? 'combined' : 'gravity',
    ['vitrified clay', 'concrete', 'PVC', 'brick'][i % 4]!,
    1900 + (i % 120),
    'Manway Town',
    ['sanitary', 'storm', 'combined'][i % 3]!,
    'active',
    `Street ${i % 500}`,
    ['Old Town', 'Millbrook', 'Northgate'][i % 3]!,
    (i % 5) + 1,
    150 + (i % 10) * 50,
    Math.round(((i * 37) % 9000) / 10 + 10) / 100,
    new Date(Date.UTC(2021, i % 12, (i % 28) + 1, 9, 30)),
    i % 2 === 0,
  ];
}

async function* rows(n: number): AsyncGenerator<SheetCell[][]> {
  for (let i = 0; i < n; i += BATCH) {
    const batch: SheetCell[][] = [];
    for (let j = i; j < Math.min(n, i + BATCH); j++) batch.push(row(j));
    yield batch;
  }
}

// ---- one measurement, in a process of its own ----------------------------------------------------

async function child(mode: string, dir: string): Promise<void> {
  const path = join(dir, `${mode}-${process.pid}.xlsx`);
  let started = performance.now();
  if (mode === 'bare') {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: path,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Assets');
    sheet.columns = COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}` }));
    for await (const batch of rows(ROWS)) for (const r of batch) sheet.addRow(r).commit();
    sheet.commit();
    await workbook.commit();
  } else if (mode === 'writer') {
    const { writeXlsx } = await import('../src/modules/reports/documents/xlsx');
    await writeXlsx([{ name: 'Assets', columns: COLUMNS, rows: rows(ROWS) }], path);
  } else {
    // The whole report: an asset list of every section of the generated network, from the database.
    const { openPglite, loadConfig, createServices, sql } = await serverModules();
    const db = await openPglite({ dir: join(dir, 'db') });
    const services = createServices(db, loadConfig({ ADMIN_PASSWORD: PASSWORD, DATA_DIR: dir, LOG_LEVEL: 'silent' }));
    const [editor] = await db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`);
    // Timed from here: opening the embedded database is not the report's work.
    started = performance.now();
    const user = {
      id: editor!.id,
      login: 'admin',
      displayName: 'Admin',
      role: 'administrator' as const,
      office: true,
      inspect: true,
      websync: true,
      review: true,
      syncAgent: false,
    };
    const task = await services.reports.createNow(
      user,
      `bench-${process.pid}`,
      {
        ReportName: 'asset-list',
        Format: 'XLS',
        Name: `Bench ${process.pid}`,
        ObjectType: 'section',
        UiContext: 'search-result',
        Source: { kind: 'filter', filter: { objectType: 'Section', combine: 'and', conditions: [] } },
        Columns: ASSET_COLUMNS,
      },
      false,
    );
    if (task.state !== 'completed') throw new Error(`the report ended ${task.state}: ${task.error}`);
    await db.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const size = mode === 'report' ? 0 : (await stat(path)).size;
  console.log(JSON.stringify({ seconds, maxRssMB: await peakRssMB(), size }));
}

/**
 * This process's peak resident memory. Not getrusage's maxRSS: Linux carries that over from the
 * parent across fork and exec, so a child of a large parent would report the parent's peak.
 */
async function peakRssMB(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile('/proc/self/status', 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

/**
 * The spreadsheet writers run from this file bundled to plain JavaScript, without tsx: its loader
 * alone holds some 50 MB, which would be counted as the writer's. The whole report needs the server
 * (TypeScript workspaces) and runs under tsx.
 */
async function bundleForPlainNode(): Promise<string> {
  const { build } = await import('esbuild');
  const outdir = fileURLToPath(new URL('../../../node_modules/.cache/manway-bench-reports/', import.meta.url));
  await build({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    logLevel: 'silent',
  });
  return join(outdir, 'reports.js');
}

function measure(mode: string, dir: string, bundled: string): { seconds: number; maxRssMB: number } {
  const command = mode === 'report' ? ['--import', 'tsx', fileURLToPath(import.meta.url)] : [bundled];
  const r = spawnSync(process.execPath, [...command, '--child', mode, dir], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_REPORT_ROWS: String(ROWS) },
  });
  if (r.status !== 0) throw new Error(`${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { seconds: number; maxRssMB: number };
}

// ---- the PDF ------------------------------------------------------------------------------------

async function serverModules() {
  const [{ loadConfig }, { openPglite }, { migrate }, { sql }, { createServices }] = await Promise.all([
    import('../src/config'),
    import('../src/db/connection'),
    import('../src/db/migrate'),
    import('../src/db/sql'),
    import('../src/services'),
  ]);
  return { loadConfig, openPglite, migrate, sql, createServices };
}

async function observations(n: number): Promise<ReportObservation[]> {
  const { default: sharp } = await import('sharp');
  // A thumbnail of its own per photo, as in a real report: no writer gains by embedding one image once.
  const photos = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      sharp({ create: { width: 160, height: 120, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 90 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
  return Array.from({ length: n }, (_, i) => ({
    sequence: i + 1,
    distanceM: i * 0.08,
    code: ['SCR', 'SFR', 'ODE', 'ORT'][i % 4]!,
    description: ['Crack', 'Fracture', 'Deposits', 'Roots'][i % 4]!,
    family: i % 2 === 0 ? 'structural' : 'operational',
    characterisation: 'Longitudinal',
    quantification1: i % 3 === 0 ? 10 : null,
    quantification2: null,
    clockFrom: (i % 12) + 1,
    clockTo: null,
    atJoint: i % 5 === 0,
    continuous: null,
    continuousGroup: null,
    grade: (i % 5) + 1,
    remark: i % 10 === 0 ? 'Seen from the upstream manhole' : null,
    photos: [{ fileName: `photo-${i}.jpg`, jpeg: photos[i]! }],
  }));
}

async function ours(path: string, obs: ReportObservation[]): Promise<void> {
  const { writeInspectionReportPdf } = await import('../src/modules/reports/documents/pdf');
  async function* one() {
    yield {
      inspectionId: 1,
      asset: {
        type: 'section' as const,
        code: 'S-000001',
        facts: [['Street', 'Main Street']] as [string, string][],
        lengthM: 90,
      },
      fromNode: 'MH-1',
      toNode: 'MH-2',
      inspectedAt: new Date('2026-05-01T09:00:00Z'),
      status: 'completed',
      operator: 'Ivan Inspector',
      standard: { name: 'Manway Demo Standard', version: '1.0', gradeMin: 1, gradeMax: 5, worstIsHigh: true },
      header: [['Direction', 'downstream']] as [string, string][],
      lengthSurveyedM: 80,
      scores: {
        structural: { peak: 5, rating: 1500, index: 3, quick: '5200' },
        operational: { peak: 5, rating: 1500, index: 3, quick: '5200' },
      },
      sketch: {
        subject: [
          [8.3, 51.9],
          [8.301, 51.9005],
        ] as [number, number][],
        nodes: [],
        neighbours: [],
      },
      observations: obs,
    };
  }
  await writeInspectionReportPdf(
    { title: 'Bench', generatedAt: new Date(), generatedBy: 'bench', count: 1, inspections: one() },
    path,
  );
}

/** The same table drawn with pdfkit alone: a row per observation with its thumbnail, pages as needed. */
async function bare(path: string, obs: ReportObservation[]): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const out = createWriteStream(path);
  const done = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
  doc.pipe(out);
  const header = () => {
    doc.fontSize(8).font('Helvetica-Bold');
    ['No.', 'Distance', 'Code', 'Description', 'Grade', 'Photo'].forEach((h, i) =>
      doc.text(h, 40 + [0, 30, 80, 120, 380, 420][i]!, doc.y, { continued: false, lineBreak: false }),
    );
    doc.font('Helvetica').moveDown();
  };
  header();
  for (const o of obs) {
    if (doc.y + 50 > doc.page.height - 40) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.text(String(o.sequence), 40, y, { lineBreak: false });
    doc.text(o.distanceM.toFixed(2), 70, y, { lineBreak: false });
    doc.text(o.code, 120, y, { lineBreak: false });
    doc.text(`${o.description} ${o.characterisation ?? ''} ${o.clockFrom ?? ''} o'clock ${o.remark ?? ''}`, 160, y, {
      width: 250,
    });
    doc.text(String(o.grade ?? ''), 420, y, { lineBreak: false });
    doc.image(o.photos[0]!.jpeg!, 460, y, { fit: [60, 45] });
    doc.y = y + 50;
  }
  doc.end();
  await done;
}

// ---- the run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'manway-bench-reports-'));
  const { openPglite, loadConfig, createServices, sql, migrate } = await serverModules();
  const { median, printTable } = await import('./support');
  try {
    // The generated network for the whole report: sections enough for ROWS rows.
    const db = await openPglite({ dir: join(dir, 'db') });
    await migrate(db);
    const config = loadConfig({ ADMIN_PASSWORD: PASSWORD, DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const services = createServices(db, config);
    await services.demo.ensureReferenceData();
    await services.users.ensureAdmin(PASSWORD);
    const generated = performance.now();
    // A fifth of a scale network's assets are sections.
    await services.scale.generate({ assets: ROWS * 5, seed: 7, reset: false });
    const [{ n }] = (await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM assets WHERE object_type = 'section'`,
    )) as [{ n: number }];
    await db.exec('VACUUM ANALYZE');
    await db.close();
    console.log(
      `generated ${n.toLocaleString('en')} sections in ${((performance.now() - generated) / 1000).toFixed(0)} s`,
    );

    const bundled = await bundleForPlainNode();
    const runs: Record<string, { seconds: number; maxRssMB: number }[]> = { bare: [], writer: [], report: [] };
    for (let r = 0; r < RUNS; r++) {
      for (const mode of ['bare', 'writer', 'report']) runs[mode]!.push(measure(mode, dir, bundled));
    }
    const med = (mode: string) => ({
      seconds: median(runs[mode]!.map((x) => x.seconds)),
      rss: Math.max(...runs[mode]!.map((x) => x.maxRssMB)),
    });
    const b = med('bare');
    const rowsOf = (mode: string, label: string, count: number) => {
      const m = med(mode);
      return [
        label,
        count.toLocaleString('en'),
        m.seconds.toFixed(2),
        `${(m.seconds / b.seconds).toFixed(2)}×`,
        m.rss.toFixed(0),
      ];
    };
    printTable(
      `XLSX, ${ROWS.toLocaleString('en')} rows × 15 columns (median of ${RUNS} runs; peak RSS of the process, the largest run)`,
      ['writer', 'rows', 'seconds', 'vs bare', 'peak RSS MB'],
      [
        rowsOf('bare', 'bare exceljs streaming writer', ROWS),
        rowsOf('writer', 'ours: writeXlsx (typed cells, frozen header, autofilter)', ROWS),
        rowsOf('report', 'ours: asset-list report from PGlite (read + write)', n),
      ],
    );

    const obs = await observations(1000);
    const times: Record<'ours' | 'bare', number[]> = { ours: [], bare: [] };
    // Two rounds to warm up (the first runs compile and load fonts), then eleven measured.
    for (let r = -2; r < PDF_RUNS; r++) {
      for (const [name, fn] of [
        ['bare', bare],
        ['ours', ours],
      ] as const) {
        const t = performance.now();
        await fn(join(dir, `${name}-${Math.max(0, r)}.pdf`), obs);
        if (r >= 0) times[name].push((performance.now() - t) / 1000);
      }
    }
    const bp = median(times.bare);
    const op = median(times.ours);
    const size = async (name: string) => ((await stat(join(dir, `${name}-0.pdf`))).size / 1024).toFixed(0);
    printTable(
      `PDF inspection report, 1,000 observations with a photo of its own each (median of ${PDF_RUNS} runs)`,
      ['writer', 'seconds', 'vs bare', 'KB'],
      [
        ['bare pdfkit loop (the table and its thumbnails)', bp.toFixed(3), '1.00×', await size('bare')],
        [
          'ours: the inspection report (header, sketch, pipe graphic, table, scores)',
          op.toFixed(3),
          `${(op / bp).toFixed(2)}×`,
          await size('ours'),
        ],
      ],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf('--child');
if (childAt > 0) await child(process.argv[childAt + 1]!, process.argv[childAt + 2]!);
else await main();
