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
  // pdfkit's current font is internal (`_font`, as of 0.20, pinned in package.json): a pdfkit that
  // names it otherwise leaves measuring as pdfkit does it, only slower.
  const font = (pdf as unknown as { _font?: MeasuringFont })._font;
  if (font && typeof font.encode === 'function' && !MEMOISED.has(font)) memoiseMeasures(font);
}

/**
 * pdfkit's font of a document: `encode` gives a string's glyph codes and their positions, and
 * `widthOfString` its width at a size.
 */
interface MeasuringFont {
  encode(text: string, features?: unknown): [string[], object[]];
  widthOfString(text: string, size: number, features?: unknown): number;
}

const MEMOISED = new WeakSet<MeasuringFont>();
/** Strings remembered per font, at most: enough for the codes, grades and phrases a report repeats. */
const MEMO_LIMIT = 1024;

/**
 * Remembers what the document's font encodes and measures. Reports draw the same strings over and
 * over (codes, grades, descriptions, headers, footers), and pdfkit encodes and kerns each anew every
 * time it is drawn, then measures it again to move past it. Both depend on the string alone (the
 * width scaled by the size: measured at 1,000 points, the unit pdfkit scales from), and pdfkit only
 * reads what `encode` returns. Only the standard fonts: an embedded font's `encode` also notes the
 * glyphs its subset needs.
 */
function memoiseMeasures(font: MeasuringFont): void {
  MEMOISED.add(font);
  if ('subset' in font) return;
  const encode = font.encode.bind(font);
  const widthOfString = font.widthOfString.bind(font);
  const encoded = new Map<string, [string[], object[]]>();
  const widths = new Map<string, number>();
  font.encode = (text, features) => {
    if (features !== undefined) return encode(text, features);
    let known = encoded.get(text);
    if (!known) {
      if (encoded.size >= MEMO_LIMIT) encoded.clear();
      encoded.set(text, (known = encode(text)));
    }
    return known;
  };
  font.widthOfString = (text, size, features) => {
    if (features !== undefined) return widthOfString(text, size, features);
    let width = widths.get(text);
    if (width === undefined) {
      if (widths.size >= MEMO_LIMIT) widths.clear();
      widths.set(text, (width = widthOfString(text, 1000)));
    }
    return width * (size / 1000);
  };
}

/** The height `text` takes wrapped to `width`. */
export function textHeight(pdf: Pdf, text: string, width: number, style: TextStyle = {}): number {
  applyFont(pdf, style);
  const safe = winAnsi(text);
  const lines = linesOf(pdf, style, safe, width);
  if (lines !== null) return lines.text.length * pdf.currentLineHeight(true);
  return pdf.heightOfString(safe, { width, lineGap: 0 });
}

/** The height of one line of the style's font. */
export function lineHeight(pdf: Pdf, style: TextStyle = {}): number {
  applyFont(pdf, style);
  return pdf.currentLineHeight(true);
}

export function textWidth(pdf: Pdf, text: string, style: TextStyle = {}): number {
  applyFont(pdf, style);
  const size = style.size ?? 9;
  measureLine(pdf, metricsOf(style), winAnsi(text), size);
  return measured.width * size;
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
  pdf.fillColor(style.color ?? INK.text);
  writeText(pdf, text, x, y, width, style);
}

/** `drawText` in the fill colour already set. */
function writeText(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { maxHeight?: number },
): void {
  const { safe, lines } = prepareText(pdf, text, width, style);
  placeText(pdf, safe, lines, x, y, width, style);
}

/** Text made ready to place: in WinAnsi, and laid out (null: by pdfkit's wrapper). */
interface PreparedText {
  safe: string;
  lines: Lines | null;
}

/** Sets the style's font and lays `text` out in it. */
function prepareText(pdf: Pdf, text: string, width: number, style: TextStyle & { maxHeight?: number }): PreparedText {
  applyFont(pdf, style);
  const safe = winAnsi(text.trim());
  return { safe, lines: layOut(pdf, style, safe, width, style.maxHeight) };
}

/**
 * Text broken into lines as pdfkit's wrapper would break it, with the width (in points) each line
 * is aligned by.
 */
interface Lines {
  text: string[];
  widths: number[];
}

/**
 * The lines `drawText` can put down itself: null when the text needs pdfkit's wrapper, which wraps
 * long lines and cuts (with an ellipsis) text taller than `maxHeight` (one line when omitted). The
 * pdf's font must already be the style's.
 */
function layOut(pdf: Pdf, style: TextStyle, safe: string, width: number, maxHeight?: number): Lines | null {
  // A second line in one-line text is cut, with an ellipsis.
  if (maxHeight === undefined && safe.includes('\n')) return null;
  const lines = linesOf(pdf, style, safe, width);
  if (lines === null) return null;
  const lh = pdf.currentLineHeight(true);
  // Whole lines only: the wrapper cuts the text above the first line that does not fit.
  return lines.text.length * lh > boxHeight(lh, maxHeight) - lh * 0.2 ? null : lines;
}

/** A little over whole lines, so rounding never drops the last line that fits. */
function boxHeight(lh: number, maxHeight: number | undefined): number {
  return Math.max(lh, maxHeight ?? lh) + lh * 0.4;
}

/**
 * Puts `safe` (WinAnsi, trimmed) down in the font and fill colour already set: laid out, line by
 * line where pdfkit's wrapper would have put each line; otherwise through the wrapper.
 */
function placeText(
  pdf: Pdf,
  safe: string,
  lines: Lines | null,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { maxHeight?: number },
): void {
  const lh = pdf.currentLineHeight(true);
  const align = style.align ?? 'left';
  if (lines === null) {
    pdf.text(safe, x, y, { width, height: boxHeight(lh, style.maxHeight), ellipsis: true, align, lineGap: 0 });
    return;
  }
  for (let i = 0; i < lines.text.length; i++) {
    const line = lines.text[i]!;
    if (line.length === 0) continue;
    const lineWidth = lines.widths[i]!;
    let at = x;
    if (align === 'center') at += (width - lineWidth) / 2;
    else if (align === 'right') at += width - lineWidth;
    // As pdfkit's wrapper does, the line goes to pdfkit with its width measured: not measured again.
    const options = { lineBreak: false, textWidth: lineWidth };
    pdf.text(line, at, y + i * lh, options as PDFKit.Mixins.TextOptions);
  }
}

/** The width pdfkit's wrapper gives a line of words: each word with its spaces, measured alone. */
function wordsWidth(pdf: Pdf, line: string): number {
  let width = 0;
  for (const word of line.match(/ +|[^ ]+ */g)!) width += float32AtMost(pdf.widthOfString(word));
  return width;
}

function textWidthIn(pdf: Pdf, style: TextStyle, safe: string): number {
  const size = style.size ?? 9;
  measureLine(pdf, metricsOf(style), safe, size);
  return measured.width * size;
}

// --- Line fitting -----------------------------------------------------------------------------------

/**
 * Per font, per point of size: each character's advance, and the kerning of each pair, as pdfkit
 * measures them (NaN until first needed). WinAnsi text is Latin-1 but for a few punctuation marks,
 * whose pairs go to the map.
 */
interface Metrics {
  advance: Float64Array;
  /** By the first character of the pair (Latin-1), then the second. */
  kern: (Float64Array | undefined)[];
  kernBeyond: Map<number, number>;
}

/** The standard fonts' metrics are the same in every document. */
const METRICS = new Map<string, Metrics>();
/** Above every WinAnsi character (the highest is ™, U+2122). */
const CHARACTERS = 0x2200;

function metricsOf(style: TextStyle): Metrics {
  const fontName = FONT[style.font ?? 'regular'];
  let metrics = METRICS.get(fontName);
  if (!metrics) {
    metrics = { advance: new Float64Array(CHARACTERS).fill(NaN), kern: [], kernBeyond: new Map() };
    METRICS.set(fontName, metrics);
  }
  return metrics;
}

/**
 * The lines of `safe` (WinAnsi) with their widths, as pdfkit's wrapper would break them, or null
 * when unsure. Each paragraph (the wrapper breaks at a newline) is one line when even its widest
 * reading fits: the wrapper measures word by word, without the kerning between words, so only
 * positive kerning counts. A wider paragraph of plain words is broken between words here as the
 * wrapper breaks it; anything else (hyphens, dashes, long words) is left to the wrapper.
 */
function linesOf(pdf: Pdf, style: TextStyle, safe: string, width: number): Lines | null {
  const lines = breakLines(pdf, style, safe, width);
  if (lines === null || (style.align ?? 'left') === 'left') return lines;
  // Aligned as the wrapper aligns: a centred line on its words' widths (each word with its spaces,
  // measured alone), a line to the right on its width without the spaces at its end.
  for (let i = 0; i < lines.text.length; i++) {
    const line = lines.text[i]!;
    if (style.align === 'center' && line.includes(' ')) lines.widths[i] = wordsWidth(pdf, line);
    else if (style.align === 'right' && /\s$/.test(line)) lines.widths[i] = textWidthIn(pdf, style, line.trimEnd());
  }
  return lines;
}

function breakLines(pdf: Pdf, style: TextStyle, safe: string, width: number): Lines | null {
  const lines: Lines = { text: [], widths: [] };
  if (safe.length === 0) return lines;
  const paragraphs = safe.includes('\n') ? safe.split('\n') : [safe];
  // A newline at the very end starts no line of its own.
  if (paragraphs.length > 1 && paragraphs[paragraphs.length - 1] === '') paragraphs.pop();
  const size = style.size ?? 9;
  const limit = width / size - 1e-4;
  const metrics = metricsOf(style);
  for (const paragraph of paragraphs) {
    measureLine(pdf, metrics, paragraph, size);
    if (measured.widest <= limit) {
      lines.text.push(paragraph);
      lines.widths.push(measured.width * size);
    } else if (!PLAIN_WORDS.test(paragraph) || !breakWords(pdf, paragraph, width, lines)) {
      return null;
    }
  }
  return lines;
}

/**
 * Words of letters and digits, perhaps in parentheses, perhaps followed by a comma, full stop,
 * colon or semicolon, between spaces: text pdfkit's line breaker breaks only after the spaces.
 */
const PLAIN_WORDS =
  /^\(?[0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]+\)?[.,:;]?(?: +\(?[0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]+\)?[.,:;]?)*$/;

/**
 * Breaks `paragraph` (plain words) into `lines` as pdfkit's wrapper does: each word with the
 * spaces after it, measured by pdfkit and rounded as the wrapper rounds, onto the line while it
 * fits. False (with `lines` unusable) when a word alone is wider than the line: the wrapper splits
 * such words.
 */
function breakWords(pdf: Pdf, paragraph: string, width: number, lines: Lines): boolean {
  let line = '';
  let lineWidth = 0;
  let spaceLeft = width;
  for (const word of paragraph.match(/[^ ]+ */g)!) {
    const w = float32AtMost(pdf.widthOfString(word));
    if (w > width) return false;
    if (w <= spaceLeft) {
      line += word;
      lineWidth += w;
      spaceLeft -= w;
    } else {
      lines.text.push(line);
      lines.widths.push(lineWidth);
      line = word;
      lineWidth = w;
      spaceLeft = width - w;
    }
  }
  lines.text.push(line);
  lines.widths.push(lineWidth);
  return true;
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** The largest single-precision number not above `n`: how pdfkit's wrapper rounds a word's width. */
function float32AtMost(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  F32[0] = n;
  U32[0] = n <= 0 ? U32[0]! + 1 : U32[0]! - 1;
  return F32[0]!;
}

/** What `measureLine` found, per point of font size. */
const measured = {
  /** As pdfkit's `widthOfString` gives it. */
  width: 0,
  /** The most pdfkit's wrapper can measure it as (positive kerning only); Infinity when unsure. */
  widest: 0,
};

/** Measures `line` (WinAnsi) through pdfkit, a character or a pair at a time, remembered. */
function measureLine(pdf: Pdf, metrics: Metrics, line: string, size: number): void {
  let width = 0;
  let widest = 0;
  let previous = -1;
  let previousAdvance = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // A soft hyphen changes how the wrapper measures; such lines take the wrapper's own path.
    if (c === 0xad) widest = Infinity;
    let advance = c < CHARACTERS ? metrics.advance[c]! : NaN;
    if (Number.isNaN(advance)) {
      advance = pdf.widthOfString(String.fromCharCode(c)) / size;
      if (c < CHARACTERS) metrics.advance[c] = advance;
    }
    width += advance;
    widest += advance;
    if (previous >= 0) {
      let after: Float64Array | undefined;
      if (previous < 0x100 && c < 0x100) {
        after = metrics.kern[previous];
        if (!after) metrics.kern[previous] = after = new Float64Array(0x100).fill(NaN);
      }
      let kern = after ? after[c]! : (metrics.kernBeyond.get(previous * 0x10000 + c) ?? NaN);
      if (Number.isNaN(kern)) {
        kern = pdf.widthOfString(String.fromCharCode(previous, c)) / size - previousAdvance - advance;
        // Rounding leaves dust where there is no kerning.
        if (Math.abs(kern) < 1e-9) kern = 0;
        if (after) after[c] = kern;
        else metrics.kernBeyond.set(previous * 0x10000 + c, kern);
      }
      width += kern;
      if (kern > 0) widest += kern;
    }
    previous = c;
    previousAdvance = advance;
  }
  measured.width = width;
  measured.widest = widest;
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
const FOOTER = {
  page: { size: 7.5 },
  generated: { size: 7.5, align: 'center' },
  title: { size: 7.5, align: 'right' },
} satisfies Record<string, TextStyle>;

export class PageFlow {
  private footerLines: { generated: PreparedText; title: PreparedText } | undefined;
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
    pdf.fillColor(INK.muted);
    writeText(pdf, `Page ${this.pages}`, this.left, y, 70, FOOTER.page);
    // The same on every page: laid out once.
    const generatedWidth = this.width - 150 - 75;
    this.footerLines ??= {
      generated: prepareText(pdf, this.footer.generated, generatedWidth, FOOTER.generated),
      title: prepareText(pdf, this.footer.title, 145, FOOTER.title),
    };
    applyFont(pdf, FOOTER.page);
    const { generated, title } = this.footerLines;
    placeText(pdf, generated.safe, generated.lines, this.left + 75, y, generatedWidth, FOOTER.generated);
    placeText(pdf, title.safe, title.lines, this.left + this.width - 145, y, 145, FOOTER.title);
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

/** What the rows drawn back to back have set: the text's fill colour, and the rules' pen. */
interface RowState {
  fill: string | null;
  ruled: boolean;
}

/** A text cell measured for its row. */
interface LaidOutText {
  safe: string;
  lines: Lines | null;
  height: number;
  wrap: boolean;
  style: TextStyle;
  colour: string;
}

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
  private headerCells: PreparedText[] | undefined;

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

  /** Draws one row; see `rows`. */
  row(cells: Cell[]): void {
    this.rows([cells]);
  }

  /**
   * Draws rows back to back. Nothing else draws between them, so the fill colour of their text and
   * the rules' pen are set once for them all (and again on each new page); everything else that
   * draws (stripes, drawn cells) does so in a graphics state of its own, which leaves them be.
   */
  rows(rows: Iterable<Cell[]>): void {
    const state: RowState = { fill: null, ruled: false };
    for (const cells of rows) this.drawRow(cells, state);
  }

  private drawRow(cells: Cell[], state: RowState): void {
    const flow = this.flow;
    const pdf = flow.pdf;
    const maxRow = flow.bodyHeight - this.headerHeight;
    // Each text cell is measured once, for the row's height and for drawing it.
    const laid = cells.map((cell, i) => this.layOutCell(cell, i));
    let tallest = 0;
    for (const cell of laid) tallest = Math.max(tallest, cell.height);
    const height = Math.min(maxRow, tallest + 2 * CELL_PADDING);
    if (this.headerOnPage !== flow.pages || flow.y + height > flow.bottom) {
      if (flow.ensure(this.headerHeight + height)) this.rowIndex = 0;
      this.drawHeader();
      // A new page starts from pdfkit's defaults; the header leaves its text colour.
      state.fill = INK.text;
      state.ruled = false;
    }
    const y = flow.y;
    const totalWidth = this.totalWidth;
    if (this.rowIndex++ % 2 === 1) {
      pdf.save();
      pdf.rect(this.x, y, totalWidth, height).fillColor(INK.stripe).fill();
      pdf.restore();
    }
    let x = this.x;
    const innerHeight = height - 2 * CELL_PADDING;
    for (let i = 0; i < laid.length; i++) {
      const cell = laid[i]!;
      const column = this.columns[i]!;
      const inner = column.width - 2 * CELL_PADDING;
      if ('draw' in cell) {
        pdf.save();
        cell.draw(x + CELL_PADDING, y + CELL_PADDING, inner, innerHeight);
        pdf.restore();
      } else {
        const style = cell.wrap ? { ...cell.style, maxHeight: innerHeight } : cell.style;
        applyFont(pdf, style);
        if (cell.colour !== state.fill) pdf.fillColor((state.fill = cell.colour));
        // A wrapped cell cut short by a row taller than the page goes to the wrapper, to be cut.
        const lines = cell.wrap && cell.height > innerHeight ? null : cell.lines;
        placeText(pdf, cell.safe, lines, x + CELL_PADDING, y + CELL_PADDING, inner, style);
      }
      x += column.width;
    }
    if (!state.ruled) {
      pdf.lineWidth(0.4).strokeColor(INK.rule);
      state.ruled = true;
    }
    pdf
      .moveTo(this.x, y + height)
      .lineTo(this.x + totalWidth, y + height)
      .stroke();
    flow.y = y + height;
  }

  private layOutCell(cell: Cell, column: number): DrawnCell | LaidOutText {
    if (typeof cell === 'object' && 'draw' in cell) return cell;
    const c = typeof cell === 'string' ? { text: cell } : cell;
    const pdf = this.flow.pdf;
    const style: TextStyle = { size: this.style.size, font: c.font, align: this.columns[column]!.align };
    const width = this.columns[column]!.width - 2 * CELL_PADDING;
    applyFont(pdf, style);
    const safe = winAnsi(c.text.trim());
    const wrap = c.wrap ?? false;
    const lines = layOut(pdf, style, safe, width, wrap ? Infinity : undefined);
    const lh = pdf.currentLineHeight(true);
    let height = lh;
    if (wrap) height = lines ? lines.text.length * lh : pdf.heightOfString(safe, { width, lineGap: 0 });
    return { safe, lines, height, wrap, style, colour: c.color ?? INK.text };
  }

  private drawHeader(): void {
    const { flow } = this;
    const pdf = flow.pdf;
    const y = flow.y;
    const totalWidth = this.totalWidth;
    pdf.rect(this.x, y, totalWidth, this.headerHeight).fillColor(INK.headerFill).fill();
    let x = this.x;
    pdf.fillColor(INK.text);
    applyFont(pdf, this.bold);
    // The same on every page: laid out once.
    this.headerCells ??= this.columns.map((column) =>
      prepareText(pdf, column.header, column.width - 2 * CELL_PADDING, {
        ...this.bold,
        align: column.align,
        maxHeight: this.headerHeight,
      }),
    );
    this.columns.forEach((column, i) => {
      const { safe, lines } = this.headerCells![i]!;
      placeText(pdf, safe, lines, x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, {
        ...this.bold,
        align: column.align,
        maxHeight: this.headerHeight,
      });
      x += column.width;
    });
    flow.y = y + this.headerHeight;
    this.headerOnPage = flow.pages;
  }
}
