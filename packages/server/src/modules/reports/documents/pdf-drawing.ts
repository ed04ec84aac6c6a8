/**
 * The pictures of the inspection report: the location sketch (where the asset lies among its
 * neighbours) and the pipe graphic (where along the pipe and where around its wall each observation
 * was made). Users read these before the table, so they favour clarity over completeness: labels
 * are dropped where they would collide, and the pipe graphic stays within three bands.
 */
import type { LonLat, ReportObservation, ReportSketch } from './model';
import { drawText, INK, textWidth, type Pdf } from './pdf-layout';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

// --- Grades and lengths -----------------------------------------------------------------------------

/** Green to red over the normalised grades 1–5; grey for ungraded. */
const GRADE_COLOURS = ['#2e9d45', '#9bc53d', '#e9c21b', '#f07f19', '#d7261e'];
export const NO_GRADE_COLOUR = '#9aa3ab';

export function gradeColour(normalisedGrade: number | null): string {
  if (normalisedGrade === null || !Number.isFinite(normalisedGrade)) return NO_GRADE_COLOUR;
  const i = Math.min(5, Math.max(1, Math.round(normalisedGrade))) - 1;
  return GRADE_COLOURS[i]!;
}

/** The largest 1, 2 or 5 × 10ⁿ not above `value`: lengths a reader takes in at a glance. */
export function roundLengthBelow(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const mantissa = value / power;
  return (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * power;
}

export function formatMetres(m: number): string {
  if (m >= 1000) return `${trimNumber(m / 1000)} km`;
  return `${trimNumber(m)} m`;
}

function trimNumber(n: number): string {
  return String(Number(n.toFixed(3)));
}

// --- Shapes -----------------------------------------------------------------------------------------

/** pdfkit's circle constant: a quarter circle as one cubic Bézier. */
const KAPPA = 4.0 * ((Math.sqrt(2) - 1.0) / 3.0);

/** A coordinate as pdfkit writes it. */
function n(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The path `pdf.circle` makes, as one string (pdfkit would add each of its six operators on its own). */
function circlePath(cx: number, cy: number, r: number): string {
  const x = cx - r;
  const y = cy - r;
  const o = r * KAPPA;
  const xe = x + r * 2;
  const ye = y + r * 2;
  const xm = x + r;
  const ym = y + r;
  return (
    `${n(x)} ${n(ym)} m\n` +
    `${n(x)} ${n(ym - o)} ${n(xm - o)} ${n(y)} ${n(xm)} ${n(y)} c\n` +
    `${n(xm + o)} ${n(y)} ${n(xe)} ${n(ym - o)} ${n(xe)} ${n(ym)} c\n` +
    `${n(xe)} ${n(ym + o)} ${n(xm + o)} ${n(ye)} ${n(xm)} ${n(ye)} c\n` +
    `${n(xm - o)} ${n(ye)} ${n(x)} ${n(ym + o)} ${n(x)} ${n(ym)} c\n` +
    'h'
  );
}

/** A disc filled in one colour, outlined in another when `outline` is given. */
export interface StampStyle {
  radius: number;
  fill: string;
  outline?: { colour: string; width: number };
}

interface Stamp {
  name: string;
  form: PDFKit.PDFKitReference;
}

/**
 * Each document's stamps by style. A report draws a marker or dot per observation, thousands of
 * them in a handful of styles: each style's path and colours are written once, into a form
 * XObject, and each drawing of it places that form (a few bytes instead of a few hundred).
 */
const STAMPS = new WeakMap<Pdf, Map<string, Stamp>>();

/** `#rrggbb` as PDF's DeviceRGB operands. */
function rgb(hex: string): string {
  const v = parseInt(hex.slice(1), 16);
  return `${(v >> 16) / 255} ${((v >> 8) & 0xff) / 255} ${(v & 0xff) / 255}`;
}

function stampOf(pdf: Pdf, style: StampStyle): Stamp {
  let stamps = STAMPS.get(pdf);
  if (!stamps) STAMPS.set(pdf, (stamps = new Map()));
  const key = `${style.radius} ${style.fill} ${style.outline?.colour ?? ''} ${style.outline?.width ?? ''}`;
  let stamp = stamps.get(key);
  if (!stamp) {
    const r = style.radius;
    const extent = r + (style.outline?.width ?? 0);
    const form = pdf.ref({ Type: 'XObject', Subtype: 'Form', BBox: [-extent, -extent, extent, extent] });
    let content = `${rgb(style.fill)} rg\n`;
    if (style.outline) content += `${style.outline.width} w\n${rgb(style.outline.colour)} RG\n`;
    content += `${circlePath(0, 0, r)}\n${style.outline ? 'B' : 'f'}`;
    form.end(content);
    stamp = { name: `Stamp${stamps.size + 1}`, form };
    stamps.set(key, stamp);
  }
  return stamp;
}

/** Draws the stamp of `style` centred on (cx, cy); the graphics state is left as it was. */
export function drawStamp(pdf: Pdf, style: StampStyle, cx: number, cy: number): void {
  const { name, form } = stampOf(pdf, style);
  const xobjects = pdf.page.xobjects as Record<string, unknown>;
  if (xobjects[name] !== form) xobjects[name] = form;
  pdf.addContent(`q\n1 0 0 1 ${n(cx)} ${n(cy)} cm\n/${name} Do\nQ`);
}

// --- Location sketch --------------------------------------------------------------------------------

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** Below this the sketch would zoom into a single manhole cover; a node still shows its surroundings. */
const MIN_EXTENT_M = 40;

type XY = [number, number];

/** An equirectangular projection around `origin`, in metres: true enough over a street's length. */
function projector(origin: LonLat): (p: LonLat) => XY {
  const kx = Math.cos(origin[1] * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  return ([lon, lat]) => [(lon - origin[0]) * kx, (lat - origin[1]) * ky];
}

function isLonLat(p: LonLat): boolean {
  return Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[1]) < 90;
}

/**
 * Draws the subject (thick), its nodes (labelled circles) and its neighbours (thin, clipped to the
 * box), fitted around the subject and its nodes, with a north arrow and a scale bar.
 */
export function drawSketch(pdf: Pdf, sketch: ReportSketch, box: Box): void {
  pdf.save();
  pdf.rect(box.x, box.y, box.width, box.height).lineWidth(0.6).fillAndStroke('#fbfcfd', INK.rule);
  pdf.restore();

  const subject = sketch.subject.filter(isLonLat);
  const nodes = sketch.nodes.filter((n) => isLonLat(n.at));
  const neighbours = sketch.neighbours.map((line) => line.filter(isLonLat)).filter((line) => line.length > 0);
  let focus = [...subject, ...nodes.map((n) => n.at)];
  if (focus.length === 0) focus = neighbours.flat();
  if (focus.length === 0) {
    drawText(pdf, 'No location recorded', box.x, box.y + box.height / 2 - 5, box.width, {
      color: INK.muted,
      align: 'center',
    });
    return;
  }

  const lons = focus.map((p) => p[0]);
  const lats = focus.map((p) => p[1]);
  const origin: LonLat = [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
  const project = projector(origin);
  const projected = focus.map(project);
  const spanX = Math.max(MIN_EXTENT_M, ...projected.map(([x]) => Math.abs(x) * 2));
  const spanY = Math.max(MIN_EXTENT_M, ...projected.map(([, y]) => Math.abs(y) * 2));
  const margin = 18;
  const ptPerM = Math.min((box.width - 2 * margin) / spanX, (box.height - 2 * margin) / spanY);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const toPage = (p: LonLat): XY => {
    const [mx, my] = project(p);
    return [cx + mx * ptPerM, cy - my * ptPerM];
  };
  const polyline = (line: LonLat[]) => {
    line.forEach((p, i) => {
      const [px, py] = toPage(p);
      if (i === 0) pdf.moveTo(px, py);
      else pdf.lineTo(px, py);
    });
  };

  pdf.save();
  pdf.rect(box.x, box.y, box.width, box.height).clip();
  for (const line of neighbours) {
    if (line.length < 2) continue;
    polyline(line);
    pdf.lineWidth(0.8).strokeColor('#a9b1b8').stroke();
  }
  if (subject.length >= 2) {
    polyline(subject);
    pdf.lineWidth(3).lineCap('round').lineJoin('round').strokeColor('#1f6fb2').stroke();
  } else if (subject.length === 1) {
    const [px, py] = toPage(subject[0]!);
    pdf.circle(px, py, 7).lineWidth(2.5).strokeColor('#1f6fb2').stroke();
  }
  for (const node of nodes) {
    const [px, py] = toPage(node.at);
    pdf.circle(px, py, 3.2).lineWidth(1).fillAndStroke('#ffffff', INK.text);
    drawText(pdf, node.code, px + 8, py - 11, 80, { size: 7, font: 'bold' });
  }
  pdf.restore();

  drawNorthArrow(pdf, box.x + box.width - 16, box.y + 10);
  drawScaleBar(pdf, box, ptPerM);
}

function drawNorthArrow(pdf: Pdf, x: number, y: number): void {
  pdf.save();
  pdf
    .polygon([x, y + 8], [x + 5, y + 22], [x, y + 18], [x - 5, y + 22])
    .lineWidth(0.6)
    .fillAndStroke(INK.text, INK.text);
  pdf.restore();
  drawText(pdf, 'N', x - 5, y - 1, 10, { size: 8, font: 'bold', align: 'center' });
}

function drawScaleBar(pdf: Pdf, box: Box, ptPerM: number): void {
  const metres = roundLengthBelow((box.width * 0.3) / ptPerM);
  const length = metres * ptPerM;
  const x = box.x + 8;
  const y = box.y + box.height - 8;
  pdf.save();
  pdf
    .moveTo(x, y - 3)
    .lineTo(x, y)
    .lineTo(x + length, y)
    .lineTo(x + length, y - 3)
    .lineWidth(1)
    .strokeColor(INK.text)
    .stroke();
  pdf.restore();
  drawText(pdf, formatMetres(metres), x + length + 3, y - 6, 50, { size: 7 });
}

// --- Pipe graphic -----------------------------------------------------------------------------------

export interface PipeGraphic {
  lengthM: number;
  observations: ReportObservation[];
  /** The recorded grade on the 1–5 scale, for the colour. */
  normalise: (grade: number | null) => number | null;
}

const LEGEND_HEIGHT = 14;
const MARKER_OUTLINE_STYLE = { colour: '#3b4650', width: 0.4 };
const LABEL_ROW = 8;
const BAND_HEIGHT = 24;
const RULER_HEIGHT = 14;
const BAND_GAP = 6;
const BAND_BLOCK = 2 * LABEL_ROW + BAND_HEIGHT + RULER_HEIGHT + BAND_GAP;

/** Long pipes and dense surveys get up to three bands, each covering a third of the length. */
function bandCount(g: PipeGraphic): number {
  return Math.min(3, Math.max(1, Math.ceil(Math.max(g.observations.length / 40, g.lengthM / 100))));
}

export function pipeGraphicHeight(g: PipeGraphic): number {
  return LEGEND_HEIGHT + bandCount(g) * BAND_BLOCK;
}

/** Top (12 o'clock) to bottom (6 o'clock) of the band's inner height; 3 and 9 on the axis. */
function clockOffset(clock: number | null): number {
  if (clock === null || !Number.isFinite(clock)) return 0.5;
  return (1 - Math.cos((clock * Math.PI) / 6)) / 2;
}

interface Span {
  from: number;
  to: number;
  clock: number | null;
  colour: string;
}

/** Continuous defects: a start and a finish sharing a group; a start without its finish stays a point. */
function spansOf(g: PipeGraphic): Span[] {
  const starts = new Map<number, ReportObservation>();
  const spans: Span[] = [];
  for (const o of g.observations) {
    if (o.continuousGroup === null) continue;
    if (o.continuous === 'S') starts.set(o.continuousGroup, o);
  }
  for (const o of g.observations) {
    if (o.continuous !== 'F' || o.continuousGroup === null) continue;
    const start = starts.get(o.continuousGroup);
    if (!start) continue;
    spans.push({
      from: Math.min(start.distanceM, o.distanceM),
      to: Math.max(start.distanceM, o.distanceM),
      clock: start.clockFrom,
      colour: gradeColour(g.normalise(start.grade)),
    });
  }
  return spans;
}

export function drawPipeGraphic(pdf: Pdf, g: PipeGraphic, x: number, y: number, width: number): void {
  drawLegend(pdf, x, y, width);
  const bands = bandCount(g);
  const perBand = g.lengthM / bands;
  const spans = spansOf(g);
  const byBand: ReportObservation[][] = Array.from({ length: bands }, () => []);
  for (const o of g.observations) {
    const i = Math.min(bands - 1, Math.max(0, Math.floor(o.distanceM / perBand)));
    byBand[i]!.push(o);
  }
  for (let i = 0; i < bands; i++) {
    const top = y + LEGEND_HEIGHT + i * BAND_BLOCK;
    drawBand(pdf, g, { from: i * perBand, to: (i + 1) * perBand }, byBand[i]!, spans, { x, y: top, width });
  }
}

function drawLegend(pdf: Pdf, x: number, y: number, width: number): void {
  let at = x;
  drawText(pdf, 'Grade', at, y, 30, { size: 7, color: INK.muted });
  at += 26;
  for (const grade of [1, 2, 3, 4, 5, null]) {
    pdf
      .circle(at + 3, y + 4, 2.8)
      .fillColor(gradeColour(grade))
      .fill();
    drawText(pdf, grade === null ? 'none' : String(grade), at + 8, y, 24, { size: 7, color: INK.muted });
    at += grade === null ? 30 : 16;
  }
  pdf.save();
  pdf
    .rect(at + 6, y + 2, 18, 5)
    .fillOpacity(0.45)
    .fillColor(INK.muted)
    .fill();
  pdf.restore();
  drawText(pdf, 'continuous defect', at + 28, y, 80, { size: 7, color: INK.muted });
  drawText(pdf, 'Height in the band: clock position (12 at the top, 6 at the bottom)', x, y, width, {
    size: 7,
    color: INK.muted,
    align: 'right',
  });
}

function drawBand(
  pdf: Pdf,
  g: PipeGraphic,
  range: { from: number; to: number },
  observations: ReportObservation[],
  spans: Span[],
  area: { x: number; y: number; width: number },
): void {
  const bandTop = area.y + 2 * LABEL_ROW;
  const inset = 4;
  const scale = area.width / (range.to - range.from);
  const xOf = (d: number) => area.x + (Math.min(range.to, Math.max(range.from, d)) - range.from) * scale;
  const yOf = (clock: number | null) => bandTop + inset + (BAND_HEIGHT - 2 * inset) * clockOffset(clock);

  pdf.save();
  pdf.roundedRect(area.x, bandTop, area.width, BAND_HEIGHT, 4).lineWidth(0.6).fillAndStroke('#eef2f6', '#8a99a8');
  pdf
    .moveTo(area.x, bandTop + BAND_HEIGHT / 2)
    .lineTo(area.x + area.width, bandTop + BAND_HEIGHT / 2)
    .dash(2, { space: 2 })
    .lineWidth(0.3)
    .strokeColor('#b7c2cc')
    .stroke()
    .undash();

  for (const span of spans) {
    if (span.to < range.from || span.from > range.to) continue;
    const x0 = xOf(span.from);
    const x1 = Math.max(x0 + 1, xOf(span.to));
    pdf.save();
    pdf
      .rect(x0, yOf(span.clock) - 2.5, x1 - x0, 5)
      .fillOpacity(0.45)
      .fillColor(span.colour)
      .fill();
    pdf.restore();
  }

  // A dense survey has hundreds of markers: each is a stamp of its grade's colour.
  for (const o of observations) {
    const mx = xOf(o.distanceM);
    const colour = gradeColour(g.normalise(o.grade));
    if (o.clockTo !== null && o.clockFrom !== null) {
      pdf.moveTo(mx, yOf(o.clockFrom)).lineTo(mx, yOf(o.clockTo)).lineWidth(0.8).strokeColor(colour).stroke();
    }
    drawStamp(pdf, { radius: 2.6, fill: colour, outline: MARKER_OUTLINE_STYLE }, mx, yOf(o.clockFrom));
  }
  pdf.restore();

  drawCodeLabels(pdf, observations, xOf, area);
  drawRuler(pdf, range, xOf, bandTop + BAND_HEIGHT, area);
}

/** Codes above the band, on two staggered rows; a code that would overlap another is left out. */
function drawCodeLabels(
  pdf: Pdf,
  observations: ReportObservation[],
  xOf: (d: number) => number,
  area: { x: number; y: number; width: number },
): void {
  const rowEnds = [-Infinity, -Infinity];
  const sorted = [...observations].sort((a, b) => a.distanceM - b.distanceM);
  // A survey uses a handful of codes many times over.
  const widths = new Map<string, number>();
  for (const o of sorted) {
    let w = widths.get(o.code);
    if (w === undefined) widths.set(o.code, (w = textWidth(pdf, o.code, { size: 6 })));
    const left = Math.min(area.x + area.width - w, Math.max(area.x, xOf(o.distanceM) - w / 2));
    const row = rowEnds.findIndex((end) => left >= end + 2);
    if (row === -1) continue;
    rowEnds[row] = left + w;
    drawText(pdf, o.code, left, area.y + (1 - row) * LABEL_ROW, w + 1, { size: 6 });
  }
}

function drawRuler(
  pdf: Pdf,
  range: { from: number; to: number },
  xOf: (d: number) => number,
  y: number,
  area: { x: number; width: number },
): void {
  const step = roundLengthBelow((range.to - range.from) / 6);
  let labelEnd = -Infinity;
  pdf.save();
  pdf.lineWidth(0.5).strokeColor(INK.muted);
  for (let d = Math.ceil(range.from / step - 1e-9) * step; d <= range.to + 1e-9; d += step) {
    const tx = xOf(d);
    pdf
      .moveTo(tx, y + 1)
      .lineTo(tx, y + 4)
      .stroke();
    const label = formatMetres(d);
    const w = textWidth(pdf, label, { size: 6 });
    const left = Math.min(area.x + area.width - w, Math.max(area.x, tx - w / 2));
    if (left < labelEnd + 4) continue;
    drawText(pdf, label, left, y + 5, w + 1, { size: 6, color: INK.muted });
    labelEnd = left + w;
  }
  pdf.restore();
}
