/**
 * The reports module's PDF documents: the inspection report (one inspection per page run, with its
 * sketch, pipe graphic, observations and scores) and the condition summary. Both stream to disk as
 * they are drawn, so a report of thousands of inspections never sits in memory.
 */
import { normaliseGrade } from '@manway/core/domain/scoring';
import type {
  ConditionAsset,
  ConditionSummaryDocument,
  FamilyScoreFacts,
  GradeCount,
  InspectionReportData,
  InspectionReportDocument,
  ReportObservation,
  ReportPhoto,
} from './model';
import {
  drawPipeGraphic,
  drawStamp,
  drawSketch,
  gradeColour,
  pipeGraphicHeight,
  type PipeGraphic,
} from './pdf-drawing';
import {
  drawText,
  formatDate,
  formatDateTime,
  formatNumber,
  INK,
  lineHeight,
  PageFlow,
  Table,
  textHeight,
  writePdfFile,
  type Cell,
  type DrawnCell,
  type Pdf,
} from './pdf-layout';

/** Writes the inspection report to `path`; resolves once the file is complete on disk (flushed). */
export async function writeInspectionReportPdf(
  doc: InspectionReportDocument,
  path: string,
  signal?: AbortSignal,
  onProgress?: (done: number) => void,
): Promise<{ pages: number }> {
  const info = { title: doc.title, author: doc.generatedBy, createdAt: doc.generatedAt };
  return writePdfFile(path, info, signal, async (file) => {
    const flow = new PageFlow(file.pdf, footerOf(doc));
    flow.newPage();
    drawText(flow.pdf, doc.title, flow.left, flow.y, flow.width, { size: 16, font: 'bold' });
    flow.y += lineHeight(flow.pdf, { size: 16, font: 'bold' }) + 2;
    const count = doc.count === 1 ? '1 inspection' : `${doc.count} inspections`;
    drawText(flow.pdf, count, flow.left, flow.y, flow.width, { color: INK.muted });
    flow.y += 20;

    let done = 0;
    for await (const inspection of doc.inspections) {
      await file.breathe(signal);
      if (done > 0) flow.newPage();
      await drawInspection(flow, inspection, () => file.breathe(signal));
      done += 1;
      onProgress?.(done);
    }
    if (done === 0) drawText(flow.pdf, 'No inspections to report.', flow.left, flow.y, flow.width);
    return { pages: flow.pages };
  });
}

export async function writeConditionSummaryPdf(
  doc: ConditionSummaryDocument,
  path: string,
  signal?: AbortSignal,
): Promise<{ pages: number }> {
  const info = { title: doc.title, author: doc.generatedBy, createdAt: doc.generatedAt };
  return writePdfFile(path, info, signal, async (file) => {
    const flow = new PageFlow(file.pdf, footerOf(doc));
    flow.newPage();
    const pdf = flow.pdf;
    drawText(pdf, doc.title, flow.left, flow.y, flow.width, { size: 16, font: 'bold' });
    flow.y += lineHeight(pdf, { size: 16, font: 'bold' }) + 2;
    const scopeHeight = textHeight(pdf, doc.scope, flow.width, { size: 10 });
    drawText(pdf, doc.scope, flow.left, flow.y, flow.width, { size: 10, maxHeight: scopeHeight });
    flow.y += scopeHeight + 2;
    drawText(pdf, footerOf(doc).generated, flow.left, flow.y, flow.width, { color: INK.muted });
    flow.y += 22;

    drawGradeTable(flow, doc.byGrade);
    flow.y += 18;
    await drawWorstAssets(flow, doc, () => file.breathe(signal));
    return { pages: flow.pages };
  });
}

function footerOf(doc: { title: string; generatedAt: Date; generatedBy: string }) {
  return { generated: `Generated ${formatDateTime(doc.generatedAt)} by ${doc.generatedBy}`, title: doc.title };
}

// --- One inspection ---------------------------------------------------------------------------------

const ASSET_TYPE: Record<InspectionReportData['asset']['type'], string> = {
  node: 'Node',
  section: 'Section',
  lateral: 'Lateral',
};

async function drawInspection(
  flow: PageFlow,
  inspection: InspectionReportData,
  breathe: () => Promise<void>,
): Promise<void> {
  const { standard } = inspection;
  // Grades arrive on the standard's scale; colours follow the 1–5 scale every standard maps onto.
  const normalise = (grade: number | null): number | null => {
    if (grade === null) return null;
    if (standard.gradeMax <= standard.gradeMin) return Math.min(5, Math.max(1, Math.round(grade)));
    return normaliseGrade(grade, { min: standard.gradeMin, max: standard.gradeMax, worstIsHigh: standard.worstIsHigh });
  };

  drawHeaderBlock(flow, inspection);
  drawSketchAndScores(flow, inspection);
  if (inspection.asset.type !== 'node') {
    const graphic: PipeGraphic = {
      lengthM: surveyedLength(inspection),
      observations: inspection.observations,
      normalise,
    };
    flow.heading('Along the pipe', pipeGraphicHeight(graphic));
    drawPipeGraphic(flow.pdf, graphic, flow.left, flow.y, flow.width);
    flow.y += pipeGraphicHeight(graphic) + 8;
  }
  await drawObservations(flow, inspection.observations, normalise, breathe);
}

/**
 * The length the pipe graphic spans: as surveyed, else the pipe's own, else as far as observations
 * reach; never shorter than the furthest observation, so every marker lands on the pipe.
 */
function surveyedLength(inspection: InspectionReportData): number {
  const furthest = Math.max(0, ...inspection.observations.map((o) => o.distanceM).filter(Number.isFinite));
  const stated = inspection.lengthSurveyedM ?? inspection.asset.lengthM ?? 0;
  return Math.max(1, stated, furthest);
}

function drawHeaderBlock(flow: PageFlow, inspection: InspectionReportData): void {
  const pdf = flow.pdf;
  const { asset } = inspection;
  flow.heading(`${ASSET_TYPE[asset.type]} ${asset.code}`, 60, 14);
  if (inspection.fromNode !== null || inspection.toNode !== null) {
    const route = `From ${inspection.fromNode ?? '?'} to ${inspection.toNode ?? '?'}`;
    drawText(pdf, route, flow.left, flow.y, flow.width, { size: 10 });
    flow.y += lineHeight(pdf, { size: 10 }) + 4;
  }
  const inspectionFacts: [string, string][] = [
    ['Inspected', formatDateTime(inspection.inspectedAt)],
    ['Status', inspection.status],
    ['Operator', inspection.operator ?? '–'],
    ['Standard', `${inspection.standard.name} ${inspection.standard.version}`],
    ...inspection.header,
  ];
  drawTwoColumns(flow, ['Inspection', inspectionFacts], ['Asset', asset.facts]);
  flow.y += 10;
}

/** Label/value pairs side by side, row by row, so a long list flows onto the next page whole. */
function drawTwoColumns(
  flow: PageFlow,
  left: [title: string, pairs: [string, string][]],
  right: [title: string, pairs: [string, string][]],
): void {
  const pdf = flow.pdf;
  const gap = 15;
  const columnWidth = (flow.width - gap) / 2;
  const labelWidth = 95;
  const valueWidth = columnWidth - labelWidth - 4;
  const titleStyle = { size: 9, font: 'bold' as const, color: INK.muted };
  flow.ensure(lineHeight(pdf, titleStyle) * 3);
  drawText(pdf, left[0], flow.left, flow.y, columnWidth, titleStyle);
  drawText(pdf, right[0], flow.left + columnWidth + gap, flow.y, columnWidth, titleStyle);
  flow.y += lineHeight(pdf, titleStyle) + 2;

  const rows = Math.max(left[1].length, right[1].length);
  for (let i = 0; i < rows; i++) {
    const pairs = [left[1][i], right[1][i]];
    const height =
      Math.max(
        ...pairs.map((p) =>
          p ? Math.max(textHeight(pdf, p[0], labelWidth, { size: 8 }), textHeight(pdf, p[1], valueWidth)) : 0,
        ),
      ) + 2;
    flow.ensure(height);
    pairs.forEach((pair, column) => {
      if (!pair) return;
      const x = flow.left + column * (columnWidth + gap);
      drawText(pdf, pair[0], x, flow.y + 1, labelWidth, { size: 8, color: INK.muted, maxHeight: height });
      drawText(pdf, pair[1], x + labelWidth + 4, flow.y, valueWidth, { maxHeight: height });
    });
    flow.y += height;
  }
}

const SKETCH = { width: 240, height: 160 };

function drawSketchAndScores(flow: PageFlow, inspection: InspectionReportData): void {
  const pdf = flow.pdf;
  const titleHeight = lineHeight(pdf, { size: 11, font: 'bold' }) + 4;
  flow.ensure(titleHeight + SKETCH.height);
  const top = flow.y;
  const scoresX = flow.left + SKETCH.width + 20;
  drawText(pdf, 'Location', flow.left, top, SKETCH.width, { size: 11, font: 'bold' });
  drawText(pdf, 'Scores', scoresX, top, flow.width, { size: 11, font: 'bold' });
  drawSketch(pdf, inspection.sketch, { x: flow.left, y: top + titleHeight, ...SKETCH });

  flow.y = top + titleHeight;
  const scores = new Table(
    flow,
    [
      { header: 'Family', width: 70 },
      { header: 'Peak', width: 40, align: 'right' },
      { header: 'Rating', width: 45, align: 'right' },
      { header: 'Index', width: 45, align: 'right' },
      { header: 'Quick rating', width: 55, align: 'right' },
    ],
    { size: 8, x: scoresX },
  );
  const scoreRow = (family: string, s: FamilyScoreFacts): Cell[] => [
    family,
    String(s.peak),
    trimmed(s.rating),
    formatNumber(s.index, 2),
    s.quick ?? '–',
  ];
  scores.rows([scoreRow('Structural', inspection.scores.structural), scoreRow('O&M', inspection.scores.operational)]);
  flow.y = top + titleHeight + SKETCH.height + 12;
}

function trimmed(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

// --- Observation table ------------------------------------------------------------------------------

const THUMB = { width: 60, height: 45 };
const PHOTOS_PER_ROW = 2;

async function drawObservations(
  flow: PageFlow,
  observations: ReportObservation[],
  normalise: (grade: number | null) => number | null,
  breathe: () => Promise<void>,
): Promise<void> {
  const table = new Table(flow, [
    { header: 'No.', width: 26, align: 'right' },
    { header: 'Distance (m)', width: 44, align: 'right' },
    { header: 'Code', width: 40 },
    { header: 'Description', width: 225 },
    { header: 'Grade', width: 34, align: 'center' },
    { header: 'Photo', width: 146 },
  ]);
  // Kept with the header and a first row that may carry thumbnails.
  flow.heading(`Observations (${observations.length})`, table.minimumHeight + THUMB.height);
  if (observations.length === 0) {
    drawText(flow.pdf, 'No observations recorded.', flow.left, flow.y, flow.width, { color: INK.muted });
    flow.y += 14;
    return;
  }
  // Drawn a batch at a time; between batches the file catches up (and an abort is noticed).
  for (let start = 0; start < observations.length; start += ROWS_PER_BATCH) {
    if (start > 0) await breathe();
    const batch = observations.slice(start, start + ROWS_PER_BATCH);
    table.rows(
      batch.map((o): Cell[] => [
        String(o.sequence),
        formatNumber(o.distanceM, 2),
        { text: o.code, font: 'bold' },
        { text: describe(o), wrap: true },
        gradeCell(flow.pdf, o.grade, normalise(o.grade)),
        photoCell(flow.pdf, o.photos),
      ]),
    );
  }
}

/** Rows drawn between two chances for the file to catch up. */
const ROWS_PER_BATCH = 25;

/** The description column: what the code means, then what was recorded with it, then the remark. */
function describe(o: ReportObservation): string {
  const details: string[] = [];
  if (o.characterisation) details.push(`char. ${o.characterisation}`);
  if (o.quantification1 !== null) details.push(`Q1 ${o.quantification1}`);
  if (o.quantification2 !== null) details.push(`Q2 ${o.quantification2}`);
  if (o.clockFrom !== null) {
    details.push(o.clockTo !== null ? `${o.clockFrom}–${o.clockTo} o'clock` : `${o.clockFrom} o'clock`);
  }
  if (o.atJoint) details.push('at joint');
  if (o.continuous !== null) {
    const group = o.continuousGroup !== null ? ` ${o.continuousGroup}` : '';
    details.push(o.continuous === 'S' ? `continuous defect${group} starts` : `continuous defect${group} ends`);
  }
  let text = o.description;
  if (details.length > 0) text += ` — ${details.join(', ')}`;
  if (o.remark) text += `\n${o.remark}`;
  return text;
}

function gradeCell(pdf: Pdf, grade: number | null, normalised: number | null): DrawnCell {
  return {
    height: lineHeight(pdf, { size: 8 }),
    draw: (x, y, width) => {
      if (grade === null) {
        drawText(pdf, '–', x, y, width, { size: 8, align: 'center', color: INK.muted });
        return;
      }
      const label = trimmed(grade);
      drawStamp(pdf, { radius: 3, fill: gradeColour(normalised) }, x + width / 2 - 8, y + 4);
      drawText(pdf, label, x + width / 2 - 3, y, width / 2 + 3, { size: 8, font: 'bold' });
    },
  };
}

/** Up to two thumbnails, then "+N" for the photos not shown. */
function photoCell(pdf: Pdf, photos: ReportPhoto[]): Cell {
  if (photos.length === 0) return '';
  const shown = photos.slice(0, PHOTOS_PER_ROW);
  return {
    height: THUMB.height,
    draw: (x, y) => {
      shown.forEach((photo, i) => drawThumbnail(pdf, photo, x + i * (THUMB.width + 4), y));
      const more = photos.length - shown.length;
      if (more > 0) {
        const moreX = x + shown.length * (THUMB.width + 4);
        drawText(pdf, `+${more}`, moreX, y + THUMB.height / 2 - 4, 20, { size: 8, font: 'bold', color: INK.muted });
      }
    },
  };
}

function drawThumbnail(pdf: Pdf, photo: ReportPhoto, x: number, y: number): void {
  const image = photo.jpeg ? openedImage(pdf, photo.jpeg) : null;
  if (image) {
    try {
      pdf.image(image as unknown as Buffer, x, y, {
        fit: [THUMB.width, THUMB.height],
        align: 'center',
        valign: 'center',
      });
      return;
    } catch {
      // A damaged thumbnail must not lose the report: fall through to the name.
    }
  }
  pdf.save();
  pdf.rect(x, y, THUMB.width, THUMB.height).lineWidth(0.5).fillAndStroke('#f1f3f5', INK.rule);
  pdf.restore();
  drawText(pdf, photo.fileName, x + 2, y + 3, THUMB.width - 4, { size: 6, maxHeight: 24 });
  drawText(pdf, 'no thumbnail', x + 2, y + THUMB.height - 10, THUMB.width - 4, { size: 6, color: INK.muted });
}

/** pdfkit's opened image: its size, and once drawn, the object embedded in the file. */
interface OpenedImage {
  width: number;
  height: number;
}

/**
 * Each document's images by the buffer they came from. pdfkit parses and embeds a buffer anew every
 * time it is drawn; a thumbnail drawn again (the same buffer) is parsed once and embedded once, and
 * each drawing refers to it. Weak on both sides: nothing outlives the document or the photo.
 */
const IMAGES = new WeakMap<Pdf, WeakMap<Buffer, OpenedImage | null>>();

/** The opened image of `jpeg` in `pdf`, or null when pdfkit cannot read it. */
function openedImage(pdf: Pdf, jpeg: Buffer): OpenedImage | null {
  let images = IMAGES.get(pdf);
  if (!images) IMAGES.set(pdf, (images = new WeakMap()));
  let image = images.get(jpeg);
  if (image === undefined) {
    try {
      // Not in pdfkit's typings, but public: the image `image()` would open, for drawing again.
      image = (pdf as unknown as { openImage(src: Buffer): OpenedImage }).openImage(jpeg);
    } catch {
      image = null;
    }
    images.set(jpeg, image);
  }
  return image;
}

// --- Condition summary ------------------------------------------------------------------------------

function gradeLabel(grade: number | null): string {
  return grade === null ? 'Not inspected' : String(grade);
}

function drawGradeTable(flow: PageFlow, byGrade: GradeCount[]): void {
  const rows = [...byGrade].sort((a, b) => (a.grade ?? 99) - (b.grade ?? 99));
  const totalAssets = rows.reduce((sum, r) => sum + r.assets, 0);
  const totalLength = rows.reduce((sum, r) => sum + r.lengthM, 0);
  // Nodes have no length: when nothing has one, the bars show the share of assets instead.
  const share = (r: GradeCount) =>
    totalLength > 0 ? r.lengthM / totalLength : totalAssets > 0 ? r.assets / totalAssets : 0;
  const table = new Table(flow, [
    { header: 'Grade', width: 80 },
    { header: 'Assets', width: 55, align: 'right' },
    { header: 'Length (m)', width: 70, align: 'right' },
    { header: 'Share of length', width: 60, align: 'right' },
    { header: '', width: 250 },
  ]);
  flow.heading('By grade', table.minimumHeight);
  const pdf = flow.pdf;
  const cells = rows.map((r): Cell[] => {
    const bar: DrawnCell = {
      height: lineHeight(pdf, { size: 8 }),
      draw: (x, y, width, height) => {
        pdf
          .rect(x, y + 1, Math.max(0.5, width * share(r)), height - 2)
          .fillColor(gradeColour(r.grade))
          .fill();
      },
    };
    return [
      gradeLabel(r.grade),
      String(r.assets),
      r.lengthM.toFixed(1),
      totalLength > 0 ? `${((100 * r.lengthM) / totalLength).toFixed(1)} %` : '–',
      bar,
    ];
  });
  cells.push([
    { text: 'Total', font: 'bold' },
    { text: String(totalAssets), font: 'bold' },
    { text: totalLength.toFixed(1), font: 'bold' },
    { text: totalLength > 0 ? '100.0 %' : '–', font: 'bold' },
    '',
  ]);
  table.rows(cells);
}

/** The PDF stops here; the spreadsheet has every asset. */
const WORST_ASSETS_SHOWN = 500;

async function drawWorstAssets(
  flow: PageFlow,
  doc: ConditionSummaryDocument,
  breathe: () => Promise<void>,
): Promise<void> {
  const table = new Table(flow, [
    { header: 'Type', width: 46 },
    { header: 'Code', width: 72 },
    { header: 'Grade', width: 34, align: 'center' },
    { header: 'Structural peak', width: 48, align: 'right' },
    { header: 'O&M peak', width: 44, align: 'right' },
    { header: 'Inspected', width: 56 },
    { header: 'Street', width: 92 },
    { header: 'District', width: 70 },
    { header: 'Length (m)', width: 53, align: 'right' },
  ]);
  flow.heading('Worst assets first', table.minimumHeight);
  const pdf = flow.pdf;
  let shown = 0;
  let batch: Cell[][] = [];
  for await (const asset of doc.assets) {
    batch.push(assetRow(pdf, asset));
    shown += 1;
    if (batch.length === 50) {
      table.rows(batch);
      batch = [];
      await breathe();
    }
    if (shown >= WORST_ASSETS_SHOWN) break;
  }
  table.rows(batch);
  if (shown === 0) {
    drawText(pdf, 'No assets in scope.', flow.left, flow.y, flow.width, { color: INK.muted });
    flow.y += 14;
  }
  const more = doc.assetCount - shown;
  if (doc.assetCount > WORST_ASSETS_SHOWN && more > 0) {
    flow.ensure(20);
    flow.y += 6;
    drawText(pdf, `… and ${more} more (see the XLS format for all)`, flow.left, flow.y, flow.width, { size: 9 });
    flow.y += 14;
  }
}

function assetRow(pdf: Pdf, a: ConditionAsset): Cell[] {
  const grade: DrawnCell = {
    height: lineHeight(pdf, { size: 8 }),
    draw: (x, y, width) => {
      pdf
        .rect(x + 2, y + 1, 6, 6)
        .fillColor(gradeColour(a.grade))
        .fill();
      drawText(pdf, a.grade === null ? '–' : String(a.grade), x + 10, y, width - 10, { size: 8, font: 'bold' });
    },
  };
  return [
    ASSET_TYPE[a.type],
    a.code,
    grade,
    a.structuralPeak === null ? '–' : String(a.structuralPeak),
    a.operationalPeak === null ? '–' : String(a.operationalPeak),
    a.inspectedAt ? formatDate(a.inspectedAt) : '–',
    a.street ?? '',
    a.district ?? '',
    formatNumber(a.lengthM, 1),
  ];
}
