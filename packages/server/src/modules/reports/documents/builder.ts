/**
 * Turns a report task into its document: finds the objects it is made of (chosen ids, a search
 * result, a saved filter), reads them in batches and hands them to the PDF and XLSX writers as they
 * come, with the progress made.
 */
import type { ReportDefinitionKey, ReportFormat, ReportObjectType, ReportSource } from '@manway/core/api/reports';
import type { FilterPropertyMeta } from '@manway/core/api/filters';
import { fail } from '../../../errors';
import type { FiltersService } from '../../filters/service';
import type { MediaStore } from '../../storage/service';
import type { CurrentUser } from '../../users/service';
import type { ConditionAssetRow, InspectionFactsRow, ObservationRow, PhotoRow, ReportsRepository } from '../repository';
import type {
  ConditionAsset,
  InspectionReportData,
  LonLat,
  ReportObservation,
  ReportPhoto,
  SheetCell,
  SheetColumn,
  SheetSpec,
} from './model';
import { writeConditionSummaryPdf, writeInspectionReportPdf } from './pdf';
import { writeXlsx } from './xlsx';

/** What a report is made of, as its task keeps it. */
export interface ReportSubject {
  objectType: ReportObjectType;
  source: ReportSource;
  columns?: string[];
  /** Whose saved filters a saved-filter source is looked up among. */
  createdBy: string;
}

export interface DocumentSpec {
  definition: ReportDefinitionKey;
  format: ReportFormat;
  title: string;
  generatedBy: string;
  subject: ReportSubject;
}

/** Inspections read per statement: each brings its observations and their photos. */
const INSPECTION_BATCH = 25;
/** Rows read per statement for the spreadsheets. */
const ROW_BATCH = 2000;
/** Thumbnails drawn per observation in the PDF; further photos are counted, not read. */
const PHOTOS_DRAWN = 2;
/** The location sketch shows the pipes this close to the inspected asset. */
const SKETCH_RADIUS_M = 60;

const TYPE_LABELS: Record<string, string> = { node: 'Node', section: 'Section', lateral: 'Lateral' };
const FAMILY_LABELS: Record<string, string> = {
  structural: 'Structural',
  operational: 'O&M',
  inventory: 'Inventory',
  other: 'Other',
};

export class DocumentBuilder {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly filters: FiltersService,
    private readonly store: MediaStore,
  ) {}

  /** Refuses, with the field named, what the job would otherwise fail on later. */
  async check(user: CurrentUser, subject: Omit<ReportSubject, 'createdBy'>): Promise<void> {
    const { objectType, source } = subject;
    let searched: string | undefined;
    if (source.kind === 'filter') {
      searched = await this.filters.checkFilter(source.filter, source.additionalRestrictions, 'Source.filter');
    } else if (source.kind === 'saved-filter') {
      searched = await this.filters.checkSavedFilter(user.id, source.name, 'Source.name');
    }
    if (searched !== undefined && searched !== objectType) {
      throw fail.field('ObjectType', `The filter searches ${searched} objects, not ${objectType}.`);
    }
    if (subject.columns) {
      if (objectType === 'inspection') throw fail.field('Columns', 'Columns are chosen for asset lists only.');
      await this.filters.columns(objectType, subject.columns, 'Columns');
    }
  }

  async write(spec: DocumentSpec, path: string, signal: AbortSignal, progress: (fraction: number) => void) {
    const generatedAt = new Date();
    const common = { title: spec.title, generatedAt, generatedBy: spec.generatedBy };
    switch (spec.definition) {
      case 'inspection-report': {
        const ids = await this.inspectionsOf(spec.subject);
        await writeInspectionReportPdf(
          { ...common, count: ids.length, inspections: this.inspectionData(ids) },
          path,
          signal,
          (done) => progress(done / Math.max(1, ids.length)),
        );
        return;
      }
      case 'condition-summary': {
        const ids = await this.members(spec.subject);
        const byGrade = (await this.repo.conditionByGrade(ids)).map((g) => ({
          grade: g.grade,
          assets: g.assets,
          lengthM: g.length_m,
        }));
        const scope = scopeOf(spec.subject, ids.length);
        if (spec.format === 'PDF') {
          await writeConditionSummaryPdf(
            { ...common, scope, byGrade, assets: this.conditionAssets(ids), assetCount: ids.length },
            path,
            signal,
          );
          return;
        }
        const rows = (async function* (assets: AsyncIterable<ConditionAsset>) {
          const batch: SheetCell[][] = [];
          for await (const a of assets) {
            batch.push([
              TYPE_LABELS[a.type] ?? a.type,
              a.code,
              a.grade,
              a.structuralPeak,
              a.operationalPeak,
              a.inspectedAt,
              a.street,
              a.district,
              a.lengthM,
            ]);
            if (batch.length === ROW_BATCH) yield batch.splice(0);
          }
          if (batch.length > 0) yield batch;
        })(this.conditionAssets(ids));
        await writeXlsx(
          [
            {
              name: 'By grade',
              columns: [
                { header: 'Grade', type: 'text' },
                { header: 'Assets', type: 'integer' },
                { header: 'Length (m)', type: 'number' },
              ],
              rows: once(
                byGrade.map((g) => [g.grade === null ? 'Not inspected' : String(g.grade), g.assets, g.lengthM]),
              ),
            },
            { name: 'Assets', columns: CONDITION_COLUMNS, rows },
          ],
          path,
          signal,
          (written) => progress(written / Math.max(1, ids.length + byGrade.length)),
        );
        return;
      }
      case 'observation-listing': {
        const ids = await this.inspectionsOf(spec.subject);
        await writeXlsx(
          [{ name: 'Observations', columns: LISTING_COLUMNS, rows: this.listingRows(ids, progress) }],
          path,
          signal,
        );
        return;
      }
      case 'asset-list': {
        const subject = spec.subject;
        if (subject.objectType === 'inspection' || !subject.columns)
          throw new Error('An asset list is of assets, with columns.');
        const ids = await this.members(subject);
        const meta = await this.filters.columns(subject.objectType, subject.columns, 'Columns');
        const sheet: SheetSpec = {
          name: `${TYPE_LABELS[subject.objectType]} list`,
          columns: [{ header: 'Asset ID', type: 'text' }, ...meta.map(columnOf)],
          rows: this.assetRows(subject.objectType, ids, meta),
        };
        await writeXlsx([sheet], path, signal, (written) => progress(written / Math.max(1, ids.length)));
        return;
      }
    }
  }

  /** The objects of the subject: assets in id order, or inspections in the order chosen. */
  private async members(subject: ReportSubject): Promise<number[]> {
    const { objectType, source } = subject;
    switch (source.kind) {
      case 'ids':
        return objectType === 'inspection'
          ? this.repo.existingInspections(source.ids)
          : this.repo.existingAssets(objectType, source.ids);
      case 'filter':
        return (await this.filters.matchingIds(source.filter, source.additionalRestrictions, 'Source.filter')).ids;
      case 'saved-filter':
        return (await this.filters.savedMatchingIds(subject.createdBy, source.name, 'Source.name')).ids;
    }
  }

  /** The inspections reported on: those chosen, or each asset's latest. */
  private async inspectionsOf(subject: ReportSubject): Promise<number[]> {
    const ids = await this.members(subject);
    return subject.objectType === 'inspection' ? ids : this.repo.latestInspections(ids);
  }

  private async *inspectionData(ids: number[]): AsyncGenerator<InspectionReportData> {
    for (let i = 0; i < ids.length; i += INSPECTION_BATCH) {
      const batch = ids.slice(i, i + INSPECTION_BATCH);
      const facts = await this.repo.inspectionFacts(batch);
      const observations = await this.repo.observations(batch);
      const photos = observations.length > 0 ? await this.repo.photos(observations.map((o) => Number(o.id))) : [];
      const photosOf = groupBy(photos, (p) => p.observation_id);
      const observationsOf = groupBy(observations, (o) => o.inspection_id);
      const assetIds = [...new Set(facts.map((f) => Number(f.asset_id)))];
      const neighboursOf = groupBy(await this.repo.neighbours(assetIds, SKETCH_RADIUS_M), (n) => n.asset_id);
      for (const f of facts) {
        const own = observationsOf.get(f.id) ?? [];
        yield {
          ...inspectionOf(f),
          sketch: sketchOf(
            f,
            (neighboursOf.get(f.asset_id) ?? []).map((n) => coordinatesOf(n.geom)),
          ),
          observations: await Promise.all(own.map((o) => this.observationOf(o, photosOf.get(o.id) ?? []))),
        };
      }
    }
  }

  private async observationOf(o: ObservationRow, photos: PhotoRow[]): Promise<ReportObservation> {
    const drawn: ReportPhoto[] = await Promise.all(
      photos.map(async (p, i) => ({
        fileName: p.file_name,
        jpeg: i < PHOTOS_DRAWN && p.thumbnail_key ? await this.thumbnail(p.thumbnail_key) : undefined,
      })),
    );
    return {
      sequence: o.sequence,
      distanceM: o.distance_m,
      code: o.code,
      description: o.label,
      family: o.family,
      characterisation: o.characterisation_label ?? o.characterisation,
      quantification1: o.quantification1,
      quantification2: o.quantification2,
      clockFrom: o.clock_from,
      clockTo: o.clock_to,
      atJoint: o.at_joint,
      continuous: o.continuous,
      continuousGroup: o.continuous_group,
      grade: o.grade,
      remark: o.remark,
      photos: drawn,
    };
  }

  /** A thumbnail's bytes; one gone from the store is drawn as missing rather than failing the report. */
  private async thumbnail(key: string): Promise<Buffer | undefined> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.store.read(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch {
      return undefined;
    }
  }

  private async *conditionAssets(ids: number[]): AsyncGenerator<ConditionAsset> {
    let after: ConditionAssetRow | undefined;
    for (;;) {
      const rows = await this.repo.conditionAssets(ids, after, ROW_BATCH);
      for (const r of rows) {
        yield {
          type: r.object_type,
          code: r.asset_code,
          grade: r.grade,
          structuralPeak: r.str_peak,
          operationalPeak: r.om_peak,
          inspectedAt: r.inspected_at,
          street: r.street,
          district: r.district,
          lengthM: r.length_m,
        };
      }
      if (rows.length < ROW_BATCH) return;
      after = rows[rows.length - 1];
    }
  }

  private async *listingRows(ids: number[], progress: (fraction: number) => void): AsyncGenerator<SheetCell[][]> {
    const perBatch = 200;
    for (let i = 0; i < ids.length; i += perBatch) {
      const rows = await this.repo.listing(ids.slice(i, i + perBatch));
      yield rows.map((o) => [
        TYPE_LABELS[o.object_type] ?? o.object_type,
        o.asset_code,
        o.inspected_at,
        Number(o.inspection_id),
        o.sequence,
        o.distance_m,
        o.code,
        o.label,
        FAMILY_LABELS[o.family] ?? o.family,
        o.characterisation_label ?? o.characterisation,
        o.quantification1,
        o.quantification2,
        o.clock_from,
        o.clock_to,
        o.at_joint,
        o.continuous,
        o.grade,
        o.remark,
      ]);
      progress(Math.min(1, (i + perBatch) / ids.length));
    }
  }

  private async *assetRows(
    objectType: Exclude<ReportObjectType, 'inspection'>,
    ids: number[],
    meta: FilterPropertyMeta[],
  ): AsyncGenerator<SheetCell[][]> {
    const names = meta.map((m) => m.name);
    const labels = meta.map((m) => new Map((m.options ?? []).map((o) => [o.id, o.value])));
    for (let i = 0; i < ids.length; i += ROW_BATCH) {
      const rows = await this.filters.valuesOf(objectType, ids.slice(i, i + ROW_BATCH), names);
      yield rows.map((r) => [r.readableId, ...meta.map((m, c) => cellOf(m, r.properties[m.name] ?? null, labels[c]!))]);
    }
  }
}

const CONDITION_COLUMNS: SheetColumn[] = [
  { header: 'Type', type: 'text' },
  { header: 'Asset ID', type: 'text' },
  { header: 'Grade', type: 'integer' },
  { header: 'Structural peak', type: 'integer' },
  { header: 'O&M peak', type: 'integer' },
  { header: 'Inspected', type: 'date' },
  { header: 'Street', type: 'text' },
  { header: 'District', type: 'text' },
  { header: 'Length (m)', type: 'number' },
];

const LISTING_COLUMNS: SheetColumn[] = [
  { header: 'Asset type', type: 'text' },
  { header: 'Asset ID', type: 'text' },
  { header: 'Inspected', type: 'date' },
  { header: 'Inspection', type: 'integer' },
  { header: 'No.', type: 'integer' },
  { header: 'Distance (m)', type: 'number' },
  { header: 'Code', type: 'text' },
  { header: 'Description', type: 'text', width: 30 },
  { header: 'Family', type: 'text' },
  { header: 'Characterisation', type: 'text' },
  { header: 'Quantification 1', type: 'number' },
  { header: 'Quantification 2', type: 'number' },
  { header: 'Clock from', type: 'integer' },
  { header: 'Clock to', type: 'integer' },
  { header: 'At joint', type: 'boolean' },
  { header: 'Continuous', type: 'text' },
  { header: 'Grade', type: 'integer' },
  { header: 'Remark', type: 'text', width: 40 },
];

function columnOf(m: FilterPropertyMeta): SheetColumn {
  const header = m.unit ? `${m.label} (${m.unit})` : m.label;
  switch (m.kind) {
    case 'number':
      return { header, type: m.valueModelType === 'IntegerRange' ? 'integer' : 'number' };
    case 'date':
      return { header, type: 'date' };
    case 'boolean':
      return { header, type: 'boolean' };
    default:
      return { header, type: 'text' };
  }
}

function cellOf(
  m: FilterPropertyMeta,
  value: string | number | boolean | null,
  labels: Map<string, string>,
): SheetCell {
  if (value === null) return null;
  if (m.kind === 'lookup') return labels.get(String(value)) ?? String(value);
  if (m.kind === 'date' && typeof value === 'string') return new Date(value);
  if (m.kind === 'number' && typeof value === 'string' && value.trim() !== '') return Number(value);
  return value;
}

/** Adds a label and its value as text to `list`, leaving out a value that is not there. */
function adderTo(list: [string, string][]) {
  return (label: string, value: unknown) => {
    if (value !== null && value !== undefined && value !== '') list.push([label, String(value)]);
  };
}

function inspectionOf(f: InspectionFactsRow): Omit<InspectionReportData, 'sketch' | 'observations'> {
  const againstFlow = f.start_node_id !== null && f.from_node_id !== null && f.start_node_id !== f.from_node_id;
  const lengthM = f.length_m ?? f.geom_length_m;
  const facts: [string, string][] = [];
  const add = adderTo(facts);
  add('Street', f.street);
  add('District', f.district);
  add('Material', f.material);
  add('Shape', f.shape);
  add('Size (mm)', f.size_mm);
  add('Year built', f.year_built);
  add('Use', f.use);
  if (lengthM !== null) add('Length (m)', lengthM.toFixed(2));
  const header: [string, string][] = [];
  const addHeader = adderTo(header);
  addHeader('Direction', f.direction);
  addHeader('Weather', f.weather);
  addHeader('Pre-cleaning', f.pre_cleaning === null ? null : f.pre_cleaning ? 'Yes' : 'No');
  addHeader('Length surveyed (m)', f.length_surveyed_m?.toFixed(2));
  for (const field of f.header_fields) {
    // The session's operator is shown with the inspection already; the header's would repeat it.
    if (field.key === 'operator' && f.operator) continue;
    const value = f.header[field.key];
    addHeader(field.label, typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value);
  }
  return {
    inspectionId: Number(f.id),
    asset: { type: f.object_type, code: f.asset_code, facts, lengthM: f.object_type === 'node' ? null : lengthM },
    fromNode: againstFlow ? f.to_code : f.from_code,
    toNode: againstFlow ? f.from_code : f.to_code,
    inspectedAt: f.inspected_at,
    status: f.review === 'rejected' ? 'rejected' : f.status,
    operator: f.operator,
    standard: {
      name: f.standard_name,
      version: f.standard_version,
      gradeMin: f.grade_min,
      gradeMax: f.grade_max,
      worstIsHigh: f.worst_is_high,
    },
    header,
    lengthSurveyedM: f.length_surveyed_m,
    scores: {
      structural: { peak: f.str_peak ?? 0, rating: f.str_rating ?? 0, index: f.str_index, quick: f.str_quick },
      operational: { peak: f.om_peak ?? 0, rating: f.om_rating ?? 0, index: f.om_index, quick: f.om_quick },
    },
  };
}

function sketchOf(f: InspectionFactsRow, neighbours: LonLat[][]): InspectionReportData['sketch'] {
  const subject = coordinatesOf(f.geom);
  const nodes: { code: string; at: LonLat }[] = [];
  if (f.object_type === 'node') nodes.push({ code: f.asset_code, at: subject[0]! });
  if (f.from_code && f.from_geom) nodes.push({ code: f.from_code, at: coordinatesOf(f.from_geom)[0]! });
  if (f.to_code && f.to_geom) nodes.push({ code: f.to_code, at: coordinatesOf(f.to_geom)[0]! });
  return { subject, nodes, neighbours };
}

/** A GeoJSON point's or line's positions as longitude/latitude pairs. */
function coordinatesOf(geojson: string): LonLat[] {
  const g = JSON.parse(geojson) as { type: string; coordinates: unknown };
  if (g.type === 'Point') return [g.coordinates as LonLat];
  if (g.type === 'LineString') return g.coordinates as LonLat[];
  if (g.type === 'MultiLineString') return (g.coordinates as LonLat[][]).flat();
  return [];
}

function scopeOf(subject: ReportSubject, count: number): string {
  const type = TYPE_LABELS[subject.objectType]?.toLowerCase() ?? subject.objectType;
  switch (subject.source.kind) {
    case 'ids':
      return `${count} selected ${type}${count === 1 ? '' : 's'}`;
    case 'filter':
      return `Search result: ${count} ${type}${count === 1 ? '' : 's'}`;
    case 'saved-filter':
      return `Saved filter "${subject.source.name}": ${count} ${type}${count === 1 ? '' : 's'}`;
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

async function* once<T>(batch: T[]): AsyncGenerator<T[]> {
  yield batch;
}
