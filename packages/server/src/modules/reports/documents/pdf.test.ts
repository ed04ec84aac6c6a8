import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConditionAsset,
  ConditionSummaryDocument,
  InspectionReportData,
  InspectionReportDocument,
  ReportObservation,
} from './model';
import { writeConditionSummaryPdf, writeInspectionReportPdf } from './pdf';
import { formatMetres, roundLengthBelow } from './pdf-drawing';
import { winAnsi } from './pdf-layout';

const run = promisify(execFile);

let dir: string;
let jpeg: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'manway-pdf-'));
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// --- Readers ---------------------------------------------------------------------------------------

async function pageCount(path: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [path]);
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match) throw new Error(`pdfinfo gave no page count:\n${stdout}`);
  return Number(match[1]);
}

/** The text of each page, in order (pdftotext ends every page with a form feed). */
async function pageTexts(path: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\f').slice(0, -1);
}

async function imageCount(path: string): Promise<number> {
  const { stdout } = await run('pdfimages', ['-list', path], { maxBuffer: 64 * 1024 * 1024 });
  // Two header lines, then one line per image drawn.
  return stdout.trim().split('\n').length - 2;
}

// --- Data ------------------------------------------------------------------------------------------

const CODES = ['BAB', 'BAF', 'BBA', 'BCA', 'BDB'];
const GENERATED_AT = new Date('2026-11-28T03:40:00Z');

function observations(n: number, withPhotos: boolean): ReportObservation[] {
  return Array.from({ length: n }, (_, i) => {
    // Every tenth starts a continuous defect that the third after it finishes.
    const startsGroup = i % 10 === 0 && i + 3 < n;
    const finishesGroup = i % 10 === 3 && i >= 3;
    const photos = !withPhotos
      ? []
      : i % 20 === 0
        ? [
            { fileName: `p${i}-a.jpg`, jpeg },
            { fileName: `p${i}-b.jpg`, jpeg },
            { fileName: `p${i}-c.jpg`, jpeg },
          ]
        : i % 7 === 0
          ? [{ fileName: `p${i}.jpg` }]
          : i % 4 === 0
            ? [{ fileName: `p${i}.jpg`, jpeg }]
            : [];
    return {
      sequence: i + 1,
      distanceM: i * 0.1,
      code: CODES[i % CODES.length]!,
      description: 'Crack, longitudinal',
      family: 'structural',
      characterisation: i % 3 === 0 ? 'B' : null,
      quantification1: i % 5 === 0 ? 2 : null,
      quantification2: null,
      clockFrom: i % 13 === 12 ? null : i % 12 || 12,
      clockTo: i % 6 === 0 ? ((i + 2) % 12) + 1 : null,
      atJoint: i % 8 === 0,
      continuous: startsGroup ? 'S' : finishesGroup ? 'F' : null,
      continuousGroup: startsGroup ? i : finishesGroup ? i - 3 : null,
      grade: i % 6 === 0 ? null : i % 6,
      remark: i % 9 === 0 ? 'Root intrusion near the joint, to be cleaned before lining.' : null,
      photos,
    };
  });
}

function inspection(
  code: string,
  n: number,
  overrides: Partial<InspectionReportData> & { withPhotos?: boolean } = {},
): InspectionReportData {
  const { withPhotos = true, ...rest } = overrides;
  return {
    inspectionId: 1,
    asset: {
      type: 'section',
      code,
      facts: [
        ['Street', 'Keizersgracht'],
        ['District', 'Centrum'],
        ['Material', 'Vitrified clay'],
        ['Size', '300 mm'],
      ],
      lengthM: 48.2,
    },
    fromNode: 'MH-A',
    toNode: 'MH-B',
    inspectedAt: new Date('2026-11-20T09:15:00Z'),
    status: 'approved',
    operator: 'J. de Vries',
    standard: { name: 'EN 13508-2', version: '2011', gradeMin: 1, gradeMax: 5, worstIsHigh: true },
    header: [
      ['Direction', 'Downstream'],
      ['Weather', 'Dry'],
      ['Pre-cleaning', 'Yes'],
    ],
    lengthSurveyedM: n > 0 ? n * 0.1 : null,
    scores: {
      structural: { peak: 5, rating: 42, index: 3.23, quick: '5342' },
      operational: { peak: 0, rating: 0, index: null, quick: null },
    },
    sketch: {
      subject: [
        [4.8843, 52.3702],
        [4.885, 52.3705],
      ],
      nodes: [
        { code: 'MH-A', at: [4.8843, 52.3702] },
        { code: 'MH-B', at: [4.885, 52.3705] },
      ],
      neighbours: [
        [
          [4.885, 52.3705],
          [4.8858, 52.3709],
        ],
        [
          [4.8835, 52.3699],
          [4.8843, 52.3702],
        ],
      ],
    },
    observations: observations(n, withPhotos),
    ...rest,
  };
}

async function* yieldAll<T>(items: T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

function report(inspections: InspectionReportData[]): InspectionReportDocument {
  return {
    title: 'Inspection report Centrum',
    generatedAt: GENERATED_AT,
    generatedBy: 'Ada Lovelace',
    count: inspections.length,
    inspections: yieldAll(inspections),
  };
}

// --- Inspection report -----------------------------------------------------------------------------

describe('inspection report PDF', () => {
  it("the inspection report names the asset's code and the observations' codes", async () => {
    const path = join(dir, 'one.pdf');
    const { pages } = await writeInspectionReportPdf(report([inspection('S-1001', 12)]), path);
    expect(await pageCount(path)).toBe(pages);
    expect(pages).toBeGreaterThanOrEqual(1);
    const text = (await pageTexts(path)).join('\n');
    expect(text).toContain('S-1001');
    for (const code of CODES) expect(text).toContain(code);
    expect(text).toContain('From MH-A to MH-B');
    expect(text).toContain('2026-11-20 09:15');
    expect(text).toContain('EN 13508-2 2011');
    expect(text).toContain('Keizersgracht');
    expect(text).toContain('Downstream');
    expect(text).toMatch(/Structural[\s\S]*3\.23/);
    expect(text).toContain('5342');
  });

  it('a report of three inspections starts each on its own page', async () => {
    const path = join(dir, 'three.pdf');
    const codes = ['S-2001', 'S-2002', 'S-2003'];
    const progress: number[] = [];
    await writeInspectionReportPdf(
      report(codes.map((c) => inspection(c, 3, { withPhotos: false }))),
      path,
      undefined,
      (done) => progress.push(done),
    );
    expect(await pageCount(path)).toBe(3);
    const texts = await pageTexts(path);
    codes.forEach((code, i) => {
      expect(texts[i]).toContain(code);
      for (const other of codes.filter((c) => c !== code)) expect(texts[i]).not.toContain(other);
    });
    expect(progress).toEqual([1, 2, 3]);
  });

  it('every page carries its page number and the generation time', async () => {
    const path = join(dir, 'numbered.pdf');
    const { pages } = await writeInspectionReportPdf(
      report([inspection('S-3001', 120), inspection('S-3002', 5)]),
      path,
    );
    const texts = await pageTexts(path);
    expect(texts).toHaveLength(pages);
    expect(pages).toBeGreaterThan(2);
    texts.forEach((text, i) => {
      expect(text).toMatch(new RegExp(`\\bPage ${i + 1}\\b`));
      expect(text).toContain('Generated 2026-11-28 03:40 by Ada Lovelace');
      expect(text).toContain('Inspection report Centrum');
    });
  });

  it("an inspection of 1,000 observations with photos fits on numbered pages, the table's header repeated", async () => {
    const path = join(dir, 'thousand.pdf');
    const data = inspection('S-4001', 1000);
    const { pages } = await writeInspectionReportPdf(report([data]), path);
    expect(await pageCount(path)).toBe(pages);
    const texts = await pageTexts(path);
    const firstTablePage = texts.findIndex((t) => t.includes('Observations (1000)'));
    expect(firstTablePage).toBeGreaterThanOrEqual(0);
    expect(pages - firstTablePage).toBeGreaterThan(10);
    texts.forEach((text, i) => {
      expect(text).toMatch(new RegExp(`\\bPage ${i + 1}\\b`));
      if (i < firstTablePage) return;
      for (const header of ['No.', 'Distance', 'Description', 'Grade', 'Photo']) expect(text).toContain(header);
    });
    // The last row made it, and each photo row shows at most two thumbnails, then "+N".
    expect(texts.at(-1)).toContain('99.90');
    const thumbnails = data.observations.reduce((n, o) => n + o.photos.slice(0, 2).filter((p) => p.jpeg).length, 0);
    expect(await imageCount(path)).toBe(thumbnails);
    const all = texts.join('\n');
    expect(all).toContain('+1');
    expect(all).toContain('no thumbnail');
  });

  it('a sketch of a node (one point) and of a section render', async () => {
    const path = join(dir, 'sketches.pdf');
    const node = inspection('MH-5001', 2, {
      asset: { type: 'node', code: 'MH-5001', facts: [['Street', 'Dam']], lengthM: null },
      fromNode: null,
      toNode: null,
      sketch: {
        subject: [[4.8932, 52.3731]],
        nodes: [{ code: 'MH-5001', at: [4.8932, 52.3731] }],
        neighbours: [
          [
            [4.8925, 52.3728],
            [4.8932, 52.3731],
          ],
        ],
      },
    });
    const lonely = inspection('S-5003', 2, { sketch: { subject: [], nodes: [], neighbours: [] } });
    const { pages } = await writeInspectionReportPdf(report([node, inspection('S-5002', 4), lonely]), path);
    expect(await pageCount(path)).toBe(pages);
    const texts = await pageTexts(path);
    expect(texts[0]).toContain('MH-5001');
    expect(texts[0]).toMatch(/\bN\b/);
    expect(texts[0]).toMatch(/\b\d+ m\b/);
    expect(texts[1]).toContain('MH-A');
    expect(texts[1]).toMatch(/\b(1|2|5)0* m\b/);
    expect(texts[2]).toContain('No location recorded');
  });

  it('text outside WinAnsi does not break the document', async () => {
    const path = join(dir, 'unicode.pdf');
    const data = inspection('S-6001 🚧', 3, { operator: '山田 太郎', withPhotos: false });
    data.observations[0]!.remark = 'Wurzeleinwuchs 🌱 — Straße, naïve 配管';
    await writeInspectionReportPdf({ ...report([data]), title: 'Rapport € 🧪' }, path);
    const text = (await pageTexts(path)).join('\n');
    expect(text).toContain('S-6001 ?');
    expect(text).toContain('Wurzeleinwuchs ? — Straße, naïve ??');
    expect(text).toContain('Rapport €');
  });

  it('an aborted report leaves no file', async () => {
    const path = join(dir, 'aborted.pdf');
    const controller = new AbortController();
    const reason = new Error('the user cancelled');
    const writing = writeInspectionReportPdf(
      report([inspection('S-7001', 50), inspection('S-7002', 50), inspection('S-7003', 50)]),
      path,
      controller.signal,
      (done) => done === 1 && controller.abort(reason),
    );
    await expect(writing).rejects.toBe(reason);
    expect(existsSync(path)).toBe(false);

    const already = AbortSignal.abort(reason);
    await expect(writeInspectionReportPdf(report([inspection('S-7004', 1)]), path, already)).rejects.toBe(reason);
    expect(existsSync(path)).toBe(false);
  });
});

// --- Condition summary -----------------------------------------------------------------------------

function assets(n: number, pulled: { count: number }): AsyncIterable<ConditionAsset> {
  return (async function* () {
    for (let i = 0; i < n; i++) {
      pulled.count += 1;
      yield {
        type: i % 5 === 0 ? 'node' : 'section',
        code: `A-${String(i).padStart(4, '0')}`,
        grade: i < 3 ? 5 : 4,
        structuralPeak: i < 3 ? 5 : 3,
        operationalPeak: i % 4 === 0 ? null : 2,
        inspectedAt: i % 6 === 0 ? null : new Date('2025-03-14T10:00:00Z'),
        street: 'Prinsengracht',
        district: i % 2 ? 'Centrum' : 'Oost',
        lengthM: i % 5 === 0 ? null : 30 + i,
      };
    }
  })();
}

function summary(n: number, pulled = { count: 0 }): ConditionSummaryDocument {
  return {
    title: 'Condition summary',
    generatedAt: GENERATED_AT,
    generatedBy: 'Ada Lovelace',
    scope: 'Saved filter Old clay pipes',
    byGrade: [
      { grade: 5, assets: 3, lengthM: 97.5 },
      { grade: null, assets: 17, lengthM: 402.25 },
      { grade: 1, assets: 128, lengthM: 4210 },
      { grade: 4, assets: 41, lengthM: 1333.3 },
    ],
    assets: assets(n, pulled),
    assetCount: n,
  };
}

describe('condition summary PDF', () => {
  it("lists grades with 'Not inspected', their counts, and the worst asset first", async () => {
    const path = join(dir, 'summary.pdf');
    const { pages } = await writeConditionSummaryPdf(summary(40), path);
    expect(await pageCount(path)).toBe(pages);
    const text = (await pageTexts(path)).join('\n');
    expect(text).toContain('Saved filter Old clay pipes');
    expect(text).toContain('Not inspected');
    for (const count of ['128', '41', '17', '4210.0', '402.3', '189']) expect(text).toContain(count);
    expect(text.indexOf('A-0000')).toBeGreaterThan(text.indexOf('Worst assets first'));
    expect(text.indexOf('A-0000')).toBeLessThan(text.indexOf('A-0001'));
    expect(text).toContain('A-0039');
    expect(text).not.toContain('more (see the XLS format');
    expect(text).toMatch(/\bPage 1\b/);
    expect(text).toContain('Generated 2026-11-28 03:40 by Ada Lovelace');
  });

  it('stops after 500 assets and says how many more the spreadsheet has', async () => {
    const path = join(dir, 'summary-long.pdf');
    const pulled = { count: 0 };
    const { pages } = await writeConditionSummaryPdf(summary(620, pulled), path);
    expect(pulled.count).toBe(500);
    const texts = await pageTexts(path);
    expect(texts).toHaveLength(pages);
    const text = texts.join('\n');
    expect(text).toContain('A-0499');
    expect(text).not.toContain('A-0500');
    expect(text).toContain('… and 120 more (see the XLS format for all)');
    texts.forEach((t, i) => expect(t).toMatch(new RegExp(`\\bPage ${i + 1}\\b`)));
  });
});

// --- Small rules -----------------------------------------------------------------------------------

describe('PDF helpers', () => {
  it('replaces what Helvetica cannot encode with one ? per character', () => {
    expect(winAnsi('Straße € – “ok” 👍🏽 配管 e\u0301')).toBe('Straße € – “ok” ? ?? é');
    expect(winAnsi('tab\there')).toBe('tab here');
  });

  it('scale bars and rulers use 1, 2 or 5 × 10ⁿ metres', () => {
    expect([0.37, 1, 3.9, 17, 72, 999, 1200].map(roundLengthBelow)).toEqual([0.2, 1, 2, 10, 50, 500, 1000]);
    expect(formatMetres(20)).toBe('20 m');
    expect(formatMetres(0.5)).toBe('0.5 m');
    expect(formatMetres(2000)).toBe('2 km');
  });
});
