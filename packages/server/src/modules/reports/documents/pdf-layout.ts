/**
 * The page machinery the PDF writers share: a streaming output file, a page flow that numbers and
 * footers every page as pdfkit adds it, text that never triggers pdfkit's own page breaks, and a
 * table whose rows never split and whose header repeats on each page.
 *
 * Reports can run to thousands of pages, so nothing here buffers pages (no `bufferPages`): a page is
 * finished when the next one starts, and the footer is drawn when the page is added, since the
 * page count is unknown until the end.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/** A4 in points; every page of both documents is A4 portrait. */
const A4 = { width: 595.28, height: 841.89 };
export const PAGE_MARGIN = { top: 40, left: 40, right: 40, bottom: 50 };
/** The standard fonts only: no font files to ship, at the price of WinAnsi (see `winAnsi`). */
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
export const INK = { text: '#1d2328', muted: '#5f6b75', rule: '#c5ccd3', headerFill: '#e6eaee', stripe: '#f5f7f9' };

// --- Text -------------------------------------------------------------------------------------------

/** Characters beyond Latin-1 that Windows-1252 (the standard fonts' encoding) still has. */
const WIN_ANSI_EXTRAS = new Set(
  [0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a]
    .concat([0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122])
    .map((c) => String.fromCodePoint(c)),
);

/**
 * Text the standard fonts can show: pdfkit would write anything else as garbage bytes (or fail), so
 * emoji, CJK and the like become '?', one per character the reader sees, and control characters a
 * space. Composed first, so a decomposed "é" stays an "é".
 */
export function winAnsi(text: string): string {
  // Most report text is plain printable ASCII, which needs neither composing nor replacing.
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const c = ch.codePointAt(0)!;
    if (c === 0x0a) out += ch;
    else if (c < 0x20 || c === 0x7f) out += ' ';
    else if (c < 0x7f || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRAS.has(ch)) out += ch;
    else if (c >= 0xfe00 && c <= 0xfe0f)
      continue; // variation selectors belong to the previous '?'
    else if (c === 0x200d || (c >= 0x1f3fb && c <= 0x1f3ff))
      continue; // joiners and skin tones of an emoji
    else out += '?';
  }
  return out;
}

const PLAIN = /^[\x20-\x7e\n]*$/;

export interface TextStyle {
  size?: number;
  font?: keyof typeof FONT;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** The font and size only: measuring needs no colour (and a colour would be written to the page). */
function applyFont(pdf: Pdf, style: TextStyle): void {
  pdf.font(FONT[style.font ?? 'regular']).fontSize(style.size ?? 9);
}

/** The height `text` takes wrapped to `width`. */
export function textHeight(pdf: Pdf, text: string, width: number, style: TextStyle = {}): number {
  applyFont(pdf, style);
  const safe = winAnsi(text);
  const lines = unwrappedLines(pdf, style, safe, width);
  if (lines !== null) return lines.length * pdf.currentLineHeight(true);
  return pdf.heightOfString(safe, { width, lineGap: 0 });
}

/** The height of one line of the style's font. */
export function lineHeight(pdf: Pdf, style: TextStyle = {}): number {
  applyFont(pdf, style);
  return pdf.currentLineHeight(true);
}

export function textWidth(pdf: Pdf, text: string, style: TextStyle = {}): number {
  applyFont(pdf, style);
  return pdf.widthOfString(winAnsi(text));
}

/**
 * Draws `text` wrapped to `width` at (x, y), cut with an ellipsis below `maxHeight` (one line when
 * omitted). A height is always passed because pdfkit otherwise adds a page of its own when text
 * reaches the bottom margin, which would bypass the table's header and the footer's bookkeeping.
 */
export function drawText(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { maxHeight?: number } = {},
): void {
  applyFont(pdf, style);
  pdf.fillColor(style.color ?? INK.text);
  placeText(pdf, text, x, y, width, style);
}

/**
 * `drawText` in the font already set and the fill colour already chosen. Text whose lines all fit
 * goes straight onto the page, line by line, as pdfkit's line wrapper would have put it; anything
 * that needs wrapping or cutting goes through the wrapper.
 */
function placeText(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { maxHeight?: number },
): void {
  const safe = winAnsi(text.trim());
  const lh = pdf.currentLineHeight(true);
  // A little over whole lines, so rounding never drops the last line that fits.
  const height = Math.max(lh, style.maxHeight ?? lh) + lh * 0.4;
  const align = style.align ?? 'left';
  const lines = style.maxHeight === undefined && safe.includes('\n') ? null : unwrappedLines(pdf, style, safe, width);
  // Whole lines only: the wrapper would cut the text (with an ellipsis) above a line that does not fit.
  if (lines === null || lines.length * lh > height - lh * 0.2) {
    pdf.text(safe, x, y, { width, height, ellipsis: true, align, lineGap: 0 });
    return;
  }
  lines.forEach((line, i) => {
    if (line.length === 0) return;
    let at = x;
    if (align !== 'left') {
      const free = width - pdf.widthOfString(align === 'right' ? line.trimEnd() : line);
      at += align === 'right' ? free : free / 2;
    }
    pdf.text(line, at, y + i * lh, { lineBreak: false });
  });
}

// --- Line fitting -----------------------------------------------------------------------------------

/** Per font: each character's advance and its positive kerning after each character, per point. */
interface Metrics {
  advance: Map<number, number>;
  kernUp: Map<number, number>;
}

const METRICS = new Map<string, Metrics>();

/**
 * The lines of `text` (already WinAnsi) when every one of them fits `width` unwrapped, else null.
 * A line fits when even its widest reading does: pdfkit's wrapper measures word by word, without the
 * kerning between words, so the bound counts every character's advance plus every positive kerning
 * pair and no negative one. The pdf's font must already be the style's.
 */
function unwrappedLines(pdf: Pdf, style: TextStyle, text: string, width: number): string[] | null {
  if (text.length === 0) return [];
  // The wrapper breaks at a newline; a newline at the very end starts no line of its own.
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const size = style.size ?? 9;
  const limit = width / size - 1e-4;
  const fontName = FONT[style.font ?? 'regular'];
  let metrics = METRICS.get(fontName);
  if (!metrics) METRICS.set(fontName, (metrics = { advance: new Map(), kernUp: new Map() }));
  for (const line of lines) {
    if (widthBound(pdf, metrics, line, size) > limit) return null;
  }
  return lines;
}

/** The widest the wrapper can measure `line`, per point of font size. */
function widthBound(pdf: Pdf, metrics: Metrics, line: string, size: number): number {
  let total = 0;
  let previous = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // A soft hyphen changes how the wrapper measures; such lines take the wrapper's own path.
    if (c === 0xad) return Infinity;
    let advance = metrics.advance.get(c);
    if (advance === undefined) {
      advance = pdf.widthOfString(String.fromCharCode(c)) / size;
      metrics.advance.set(c, advance);
    }
    total += advance;
    if (previous >= 0) {
      const pair = previous * 0x10000 + c;
      let kern = metrics.kernUp.get(pair);
      if (kern === undefined) {
        const both = pdf.widthOfString(String.fromCharCode(previous, c)) / size;
        kern = Math.max(0, both - metrics.advance.get(previous)! - advance);
        metrics.kernUp.set(pair, kern);
      }
      total += kern;
    }
    previous = c;
  }
  return total;
}

// --- Formats ----------------------------------------------------------------------------------------

/** yyyy-MM-dd HH:mm, in UTC so a report reads the same wherever it is made. */
export function formatDateTime(d: Date): string {
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function formatNumber(n: number | null, decimals: number): string {
  return n === null || !Number.isFinite(n) ? '–' : n.toFixed(decimals);
}

// --- The output file --------------------------------------------------------------------------------

/** Bytes pdfkit may queue ahead of the disk before drawing waits for the file to catch up. */
const QUEUE_LIMIT = 4 * 1024 * 1024;

/**
 * A pdfkit document streaming into a file. pdfkit ignores back-pressure (it keeps pushing into its
 * readable buffer), so writers call `breathe` between chunks of work to let the disk catch up.
 */
export class PdfFile {
  readonly pdf: Pdf;
  private readonly out: WriteStream;
  private failure: Error | null = null;

  constructor(
    readonly path: string,
    info: { title: string; author: string; createdAt: Date },
  ) {
    this.pdf = new PDFDocument({
      size: 'A4',
      margins: PAGE_MARGIN,
      // The first page is added by PageFlow, after it listens for 'pageAdded'.
      autoFirstPage: false,
      bufferPages: false,
      info: { Title: info.title, Author: info.author, Creator: 'Manway', CreationDate: info.createdAt },
    });
    // flush: fsync before close, so the file is on disk when the promise resolves.
    this.out = createWriteStream(path, { flush: true });
    this.out.on('error', (e) => (this.failure ??= e));
    this.pdf.on('error', (e: Error) => (this.failure ??= e));
    this.pdf.pipe(this.out);
  }

  /** Throws the abort reason or a write failure, and waits while too much output is queued. */
  async breathe(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      if (this.failure) throw this.failure;
      if (this.pdf.readableLength <= QUEUE_LIMIT) return;
      if (this.out.writableNeedDrain) await this.drainedOrClosed();
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private drainedOrClosed(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
  }

  /** Ends the document and resolves once the file is written, synced and closed. */
  async finish(): Promise<void> {
    this.pdf.end();
    await finished(this.out);
    if (this.failure) throw this.failure;
  }

  /** Stops writing and removes what was written: a partial PDF must not look like a report. */
  async discard(): Promise<void> {
    this.pdf.unpipe(this.out);
    this.out.destroy();
    if (!this.out.closed) await new Promise<void>((resolve) => this.out.once('close', () => resolve()));
    await rm(this.path, { force: true });
  }
}

/** Runs `draw` into a new file at `path`; on any failure or abort, no file is left behind. */
export async function writePdfFile<T>(
  path: string,
  info: { title: string; author: string; createdAt: Date },
  signal: AbortSignal | undefined,
  draw: (file: PdfFile) => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  const file = new PdfFile(path, info);
  try {
    const result = await draw(file);
    await file.breathe(signal);
    await file.finish();
    return result;
  } catch (error) {
    try {
      await file.discard();
    } catch {
      // The failure that stopped the writing is the one to report.
    }
    throw error;
  }
}

// --- Pages ------------------------------------------------------------------------------------------

export interface FooterText {
  /** "Generated 2026-11-28 03:40 by …" */
  generated: string;
  title: string;
}

/**
 * Where the next thing goes: a cursor down the current page's content box. Every page pdfkit adds
 * gets its number and footer here, as it is added.
 */
export class PageFlow {
  /** Pages so far; the current page's number. */
  pages = 0;
  y: number = PAGE_MARGIN.top;
  readonly left = PAGE_MARGIN.left;
  readonly width: number;
  readonly top = PAGE_MARGIN.top;
  readonly bottom: number;

  constructor(
    readonly pdf: Pdf,
    private readonly footer: FooterText,
  ) {
    this.width = A4.width - PAGE_MARGIN.left - PAGE_MARGIN.right;
    this.bottom = A4.height - PAGE_MARGIN.bottom;
    pdf.on('pageAdded', () => {
      this.pages += 1;
      this.drawFooter();
      this.y = this.top;
    });
  }

  newPage(): void {
    this.pdf.addPage();
  }

  /** Starts a new page unless `height` fits below the cursor; true when it started one. */
  ensure(height: number): boolean {
    if (this.pages > 0 && this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  get bodyHeight(): number {
    return this.bottom - this.top;
  }

  private drawFooter(): void {
    const { pdf } = this;
    const y = this.bottom + 18;
    pdf.save();
    pdf
      .moveTo(this.left, y - 5)
      .lineTo(this.left + this.width, y - 5)
      .lineWidth(0.5)
      .strokeColor(INK.rule)
      .stroke();
    const style: TextStyle = { size: 7.5, color: INK.muted };
    drawText(pdf, `Page ${this.pages}`, this.left, y, 70, style);
    drawText(pdf, this.footer.generated, this.left + 75, y, this.width - 150 - 75, { ...style, align: 'center' });
    drawText(pdf, this.footer.title, this.left + this.width - 145, y, 145, { ...style, align: 'right' });
    pdf.restore();
  }

  /** A section heading, kept with the `keepWith` points that follow it. */
  heading(text: string, keepWith = 0, size = 11): void {
    const h = lineHeight(this.pdf, { size, font: 'bold' });
    this.ensure(h + 4 + keepWith);
    drawText(this.pdf, text, this.left, this.y, this.width, { size, font: 'bold' });
    this.y += h + 4;
  }
}

// --- Tables -----------------------------------------------------------------------------------------

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

/** A cell drawn by its owner (a thumbnail, a bar) within the box it is given. */
export interface DrawnCell {
  height: number;
  draw: (x: number, y: number, width: number, height: number) => void;
}

export interface TextCell {
  text: string;
  /** Wrap onto as many lines as needed; otherwise one line, cut with an ellipsis. */
  wrap?: boolean;
  font?: TextStyle['font'];
  color?: string;
}

export type Cell = string | TextCell | DrawnCell;

const CELL_PADDING = 3;

/**
 * A table flowing down the pages: a row goes whole onto the page it fits, or onto a new page under
 * a repeated header. A row taller than a page is cut (its text ends with an ellipsis) rather than split.
 */
export class Table {
  private headerOnPage = 0;
  private rowIndex = 0;
  private readonly headerHeight: number;
  private readonly totalWidth: number;

  constructor(
    private readonly flow: PageFlow,
    private readonly columns: Column[],
    private readonly style: { size: number; x?: number } = { size: 8 },
  ) {
    const pdf = flow.pdf;
    this.headerHeight =
      Math.max(...columns.map((c) => textHeight(pdf, c.header, c.width - 2 * CELL_PADDING, this.bold))) +
      2 * CELL_PADDING;
    this.totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  }

  private get x(): number {
    return this.style.x ?? this.flow.left;
  }

  private get bold(): TextStyle {
    return { size: this.style.size, font: 'bold' };
  }

  /** Room the header and a one-line row take, for keeping a heading with its table. */
  get minimumHeight(): number {
    return this.headerHeight + lineHeight(this.flow.pdf, { size: this.style.size }) + 2 * CELL_PADDING;
  }

  row(cells: Cell[]): void {
    const flow = this.flow;
    const pdf = flow.pdf;
    const maxRow = flow.bodyHeight - this.headerHeight;
    const height = Math.min(maxRow, Math.max(...cells.map((c, i) => this.cellHeight(c, i))) + 2 * CELL_PADDING);
    if (this.headerOnPage !== flow.pages || flow.y + height > flow.bottom) {
      if (flow.ensure(this.headerHeight + height)) this.rowIndex = 0;
      this.drawHeader();
    }
    const y = flow.y;
    const totalWidth = this.totalWidth;
    if (this.rowIndex++ % 2 === 1) pdf.rect(this.x, y, totalWidth, height).fillColor(INK.stripe).fill();
    // The fill colour this row last set for text: cells in the same colour need not set it again.
    let fill: string | null = null;
    let x = this.x;
    cells.forEach((cell, i) => {
      const column = this.columns[i]!;
      const inner = column.width - 2 * CELL_PADDING;
      if (typeof cell === 'object' && 'draw' in cell) {
        cell.draw(x + CELL_PADDING, y + CELL_PADDING, inner, height - 2 * CELL_PADDING);
        fill = null; // whatever the cell drew with is unknown
      } else {
        const c = typeof cell === 'string' ? { text: cell } : cell;
        const style: TextStyle & { maxHeight?: number } = {
          size: this.style.size,
          font: c.font,
          align: column.align,
          maxHeight: c.wrap ? height - 2 * CELL_PADDING : undefined,
        };
        const colour = c.color ?? INK.text;
        applyFont(pdf, style);
        if (colour !== fill) pdf.fillColor((fill = colour));
        placeText(pdf, c.text, x + CELL_PADDING, y + CELL_PADDING, inner, style);
      }
      x += column.width;
    });
    pdf
      .moveTo(this.x, y + height)
      .lineTo(this.x + totalWidth, y + height)
      .lineWidth(0.4)
      .strokeColor(INK.rule)
      .stroke();
    flow.y = y + height;
  }

  private cellHeight(cell: Cell, column: number): number {
    if (typeof cell === 'object' && 'draw' in cell) return cell.height;
    const c = typeof cell === 'string' ? { text: cell } : cell;
    const style = { size: this.style.size, font: c.font };
    if (!c.wrap) return lineHeight(this.flow.pdf, style);
    return textHeight(this.flow.pdf, c.text.trim(), this.columns[column]!.width - 2 * CELL_PADDING, style);
  }

  private drawHeader(): void {
    const { flow } = this;
    const pdf = flow.pdf;
    const y = flow.y;
    const totalWidth = this.totalWidth;
    pdf.rect(this.x, y, totalWidth, this.headerHeight).fillColor(INK.headerFill).fill();
    let x = this.x;
    for (const column of this.columns) {
      drawText(pdf, column.header, x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, {
        ...this.bold,
        align: column.align,
        maxHeight: this.headerHeight,
      });
      x += column.width;
    }
    flow.y = y + this.headerHeight;
    this.headerOnPage = flow.pages;
  }
}
