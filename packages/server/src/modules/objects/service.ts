/**
 * Object types, property metadata, dictionaries, object details, lookup and shortcuts. Rows never
 * cross the wire as they are: each kind has a mapper naming the readable fields (STYLE.md 6).
 */
import type {
  LookupItem,
  LookupQuery,
  ObjectDetails,
  ObjectQuery,
  ObjectTypeInfo,
  PropertiesQuery,
  PropertyMetadata,
  SelectOption,
  Shortcuts,
} from '@manway/core/api/objects';
import { NESTED, PROPERTY_DEFS, type ObjectKind, type PropertyDef } from '@manway/core/domain/properties';
import { DEMO_STANDARD } from '@manway/core/domain/standard';
import { fail } from '../../errors';
import type { CurrentUser } from '../users/service';
import type { DetailRow, ObjectsRepository, ObjectTypeRow } from './repository';

/** How a path's `{type}` resolves: an asset type of object_types, or one of the other object kinds. */
export type ResolvedType =
  | { kind: 'asset'; key: 'node' | 'section' | 'lateral'; typeName: string; row: ObjectTypeRow }
  | { kind: 'inspection' | 'observation' | 'subject' | 'project'; typeName: string };

const OTHER_KINDS = {
  inspection: 'Inspection',
  observation: 'Observation',
  subject: 'Subject',
  project: 'Project',
} as const;

const RECENT_SHORTCUTS = 20;
export const CONTAINS_MIN_LENGTH = 3;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Escapes LIKE wildcards in user text. */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class ObjectsService {
  /** Object types come with the migrations and never change while running: read them once. */
  private types: Promise<ObjectTypeRow[]> | undefined;

  constructor(private readonly repo: ObjectsRepository) {}

  private typeRows(): Promise<ObjectTypeRow[]> {
    this.types ??= this.repo.objectTypes().catch((error: unknown) => {
      this.types = undefined;
      throw error;
    });
    return this.types;
  }

  async objectTypes(): Promise<ObjectTypeInfo[]> {
    const rows = await this.typeRows();
    return rows.map((r) => ({
      key: r.key,
      typeName: r.type_name,
      label: r.label,
      connectivityType: r.connectivity_type,
      geometryType: r.geometry_type,
      readableIdProperty: r.readable_id_property,
    }));
  }

  /** Matches the key or type name, in any case; unknown types answer 400 naming the known ones. */
  async resolveType(type: string, allowed: ResolvedType['kind'][] = ['asset', ...keysOf(OTHER_KINDS)]) {
    const wanted = type.toLowerCase();
    const rows = await this.typeRows();
    const row = rows.find((r) => r.key === wanted || r.type_name.toLowerCase() === wanted);
    let resolved: ResolvedType | undefined;
    if (row && (row.key === 'node' || row.key === 'section' || row.key === 'lateral')) {
      resolved = { kind: 'asset', key: row.key, typeName: row.type_name, row };
    } else if (wanted in OTHER_KINDS) {
      const kind = wanted as keyof typeof OTHER_KINDS;
      resolved = { kind, typeName: OTHER_KINDS[kind] };
    }
    if (!resolved || !allowed.includes(resolved.kind)) {
      const names = [
        ...(allowed.includes('asset') ? rows.map((r) => r.type_name) : []),
        ...keysOf(OTHER_KINDS)
          .filter((k) => allowed.includes(k))
          .map((k) => OTHER_KINDS[k]),
      ];
      throw fail.field('type', `Unknown object type "${type}". Known types: ${names.join(', ')}.`);
    }
    return resolved;
  }

  private async standardOrFail(standardId: string | undefined) {
    const id = standardId ?? DEMO_STANDARD.id;
    const standard = await this.repo.standard(id);
    if (!standard) throw fail.field('standardId', `Unknown standard "${id}".`);
    return standard;
  }

  async properties(type: string, q: PropertiesQuery): Promise<PropertyMetadata[]> {
    const t = await this.resolveType(type, ['asset', 'inspection', 'observation']);
    const kind: ObjectKind = t.kind === 'asset' ? t.key : (t.kind as 'inspection' | 'observation');
    const standard = await this.standardOrFail(q.standardId);
    let scope: string | undefined;
    if (q.jobOrAssetType) {
      scope = q.jobOrAssetType.toLowerCase();
      const valid =
        t.kind === 'asset'
          ? (await this.repo.subtypes(t.key)).map((s) => s.key)
          : (await this.typeRows()).map((r) => r.key);
      if (!valid.includes(scope)) {
        throw fail.field('jobOrAssetType', `"${q.jobOrAssetType}" is not one of: ${valid.join(', ')}.`);
      }
    }
    let defs: PropertyDef[] = [...PROPERTY_DEFS[kind]];
    if (kind === 'inspection') {
      defs.push(
        ...standard.header_fields.map((h) => ({
          name: `header.${h.key}`,
          label: h.label,
          valueModelType:
            h.kind === 'number'
              ? ('DoubleRange' as const)
              : h.kind === 'boolean'
                ? ('Boolean' as const)
                : ('String' as const),
        })),
      );
    }
    const nested = NESTED[kind];
    if (q.nesting === 'true' && nested) defs.push(...nested.defs.map((d) => ({ ...d, name: nested.prefix + d.name })));
    if (scope) defs = defs.filter((d) => !d.appliesTo || d.appliesTo.includes(scope!));
    if (q.props) {
      const wanted = q.props;
      const unknown = wanted.filter((w) => !defs.some((d) => d.name === w));
      if (unknown.length) throw fail.field('props', `Unknown properties: ${unknown.join(', ')}.`);
      defs = defs.filter((d) => wanted.includes(d.name));
    }
    const subtypes = t.kind === 'asset' ? await this.repo.subtypes(t.key) : [];
    const codes = defs.some((d) => d.optionsFrom === 'codes' || d.optionsFrom === 'characterisations')
      ? await this.repo.codes(standard.id)
      : [];
    const optionsOf = (d: PropertyDef): SelectOption[] | null => {
      switch (d.optionsFrom) {
        case 'subtypes':
          return subtypes.filter((s) => !scope || s.key === scope).map((s) => ({ id: s.key, value: s.label }));
        case 'codes':
          return codes.map((c) => ({ id: c.code, value: `${c.code} ${c.label}` }));
        case 'characterisations': {
          const all = new Map<string, string>();
          for (const c of codes) for (const [k, v] of Object.entries(c.characterisations ?? {})) all.set(k, v);
          return [...all].map(([id, value]) => ({ id, value })).sort((a, b) => a.id.localeCompare(b.id));
        }
        case undefined:
          return d.options ?? null;
      }
    };
    return defs.map((d) => ({
      name: d.name,
      label: d.label,
      valueModelType: d.valueModelType,
      unit: d.unit ?? null,
      readOnly: d.readOnly ?? false,
      min: d.min ?? null,
      max: d.max ?? null,
      options: optionsOf(d),
    }));
  }

  async assetSubtypes(standardId: string, type: string) {
    const t = await this.resolveType(type, ['asset']);
    const standard = await this.repo.standard(standardId);
    if (!standard) throw fail.notFound(`Standard "${standardId}" not found`);
    if (t.kind !== 'asset' || !standard.applies_to.includes(t.key)) return [];
    return (await this.repo.subtypes(t.key)).map((s) => ({ key: s.key, label: s.label, objectType: t.typeName }));
  }

  async object(user: CurrentUser, type: string, id: number, q: ObjectQuery): Promise<ObjectDetails> {
    const t = await this.resolveType(type);
    if (q.standardId) await this.standardOrFail(q.standardId);
    if (q.onSubjectType && q.onSubjectType.toLowerCase() !== 'subject') {
      throw fail.field('onSubjectType', `Unknown subject type "${q.onSubjectType}". Known types: Subject.`);
    }
    const details = await this.details(t, id);
    if (!details) throw fail.notFound('Object not found');
    if (q.onSubjectType) {
      const parentType = t.kind === 'asset' ? t.key : t.kind;
      details.subjects = (await this.repo.connectedSubjects(parentType, id)).map((s) => ({
        id: Number(s.id),
        subjectId: Number(s.subject_id),
        kind: s.kind,
        label: s.label,
      }));
    }
    // Opening an asset or an inspection puts it on the user's recent shortcuts.
    if (t.kind === 'asset' || t.kind === 'inspection') {
      await this.repo.touchShortcut(user.id, t.kind, id);
    }
    return details;
  }

  /**
   * An object's details as GET api/objects/{type}/{id} answers them, or undefined when there is none,
   * without putting it on anyone's shortcuts (a shared link checks and answers its object this way).
   * An unknown type answers 400 at `type`.
   */
  async find(type: string, id: number): Promise<ObjectDetails | undefined> {
    return this.details(await this.resolveType(type), id);
  }

  private async details(t: ResolvedType, id: number): Promise<ObjectDetails | undefined> {
    switch (t.kind) {
      case 'asset': {
        const row = await this.repo.asset(t.key, id);
        return row && assetDetails(t.typeName, row);
      }
      case 'inspection': {
        const row = await this.repo.inspection(id);
        return row && inspectionDetails(row);
      }
      case 'observation': {
        const row = await this.repo.observation(id);
        return row && observationDetails(row);
      }
      case 'subject': {
        const row = await this.repo.subject(id);
        return row && subjectDetails(row);
      }
      case 'project': {
        const row = await this.repo.project(id);
        return row && projectDetails(row);
      }
    }
  }

  async lookup(objectType: string, q: LookupQuery): Promise<LookupItem[]> {
    const t = await this.resolveType(objectType, ['asset']);
    if (t.kind !== 'asset') throw fail.field('objectType', 'Lookup searches assets.');
    if (q.readableIdProperty && q.readableIdProperty !== t.row.readable_id_property) {
      throw fail.field(
        'readableIdProperty',
        `The readable id of ${t.typeName} is "${t.row.readable_id_property}", not "${q.readableIdProperty}".`,
      );
    }
    let subtype: string | null = null;
    if (q.assetSubtype) {
      subtype = q.assetSubtype.toLowerCase();
      const valid = (await this.repo.subtypes(t.key)).map((s) => s.key);
      if (!valid.includes(subtype)) {
        throw fail.field('assetSubtype', `"${q.assetSubtype}" is not a subtype of ${t.typeName}: ${valid.join(', ')}.`);
      }
    }
    const search = (q.search ?? '').trim().toLowerCase();
    let rows;
    if (q.isGlobalIdSearch === 'true') {
      if (!/^\d{1,15}$/.test(search)) throw fail.field('search', 'A global id is a whole number.');
      rows = await this.repo.lookupById(t.key, subtype, Number(search));
    } else {
      const escaped = likeEscape(search);
      // "Contains" starts at three characters, where a trigram index can narrow it down.
      const contains = search.length >= CONTAINS_MIN_LENGTH ? `%${escaped}%` : null;
      rows = await this.repo.lookup({ objectType: t.key, subtype, prefix: `${escaped}%`, contains, limit: q.limit });
    }
    return rows.map((r) => ({
      id: Number(r.id),
      readableId: r.asset_code,
      type: t.typeName,
      subtype: r.subtype,
      prefixMatch: r.prefix_match,
    }));
  }

  async shortcuts(user: CurrentUser, kind: 'asset' | 'inspection'): Promise<Shortcuts> {
    const rows =
      kind === 'asset'
        ? await this.repo.assetShortcuts(user.id, RECENT_SHORTCUTS)
        : (await this.repo.inspectionShortcuts(user.id, RECENT_SHORTCUTS)).map((r) => ({
            ...r,
            type_name: 'Inspection',
          }));
    const items = rows.map((r) => ({
      id: Number(r.object_id),
      type: r.type_name,
      readableId: r.readable_id,
      label: r.label,
      pinned: r.pinned,
      lastUsedAt: new Date(r.last_used_at).toISOString(),
    }));
    return { pinned: items.filter((i) => i.pinned), recent: items.filter((i) => !i.pinned) };
  }
}

function keysOf<T extends object>(o: T): (keyof T)[] {
  return Object.keys(o) as (keyof T)[];
}

function geometry(row: DetailRow): ObjectDetails['geometry'] {
  return row.geometry ? (JSON.parse(row.geometry) as ObjectDetails['geometry']) : null;
}

function assetDetails(typeName: string, r: DetailRow): ObjectDetails {
  return {
    id: Number(r.id),
    type: typeName,
    readableId: String(r.asset_code),
    subtype: { key: String(r.subtype), label: String(r.subtype_label) },
    geometry: geometry(r),
    version: r.version,
    properties: {
      assetId: str(r.asset_code),
      subtype: str(r.subtype),
      material: str(r.material),
      shape: str(r.shape),
      sizeMm: num(r.size_mm),
      lengthM: num(r.length_m),
      yearBuilt: num(r.year_built),
      owner: str(r.owner),
      use: str(r.use),
      lifecycleStatus: str(r.lifecycle_status),
      coverLevelM: num(r.cover_level_m),
      invertLevelM: num(r.invert_level_m),
      fromInvertM: num(r.from_invert_m),
      toInvertM: num(r.to_invert_m),
      street: str(r.street),
      district: str(r.district),
      conditionGrade: num(r.condition_grade),
      conditionInspectionId: num(r.condition_inspection_id),
      fromNode: str(r.from_code),
      fromNodeId: num(r.from_node_id),
      toNode: str(r.to_code),
      toNodeId: num(r.to_node_id),
      parentSection: str(r.parent_code),
      parentSectionId: num(r.parent_section_id),
      chainageM: num(r.chainage_m),
      clock: num(r.clock),
    },
  };
}

function inspectionDetails(r: DetailRow): ObjectDetails {
  const header = (r.header ?? {}) as Record<string, string | number | boolean | null>;
  return {
    id: Number(r.id),
    type: 'Inspection',
    readableId: `${String(r.asset_code)} ${iso(r.inspected_at)!.slice(0, 10)}`,
    subtype: null,
    geometry: geometry(r),
    version: r.version,
    properties: {
      assetId: str(r.asset_code),
      assetGlobalId: num(r.asset_id),
      assetType: str(r.asset_type),
      status: str(r.status),
      review: str(r.review),
      reviewedAt: iso(r.reviewed_at),
      inspectedAt: iso(r.inspected_at),
      direction: str(r.direction),
      startNode: str(r.start_code),
      weather: str(r.weather),
      preCleaning: (r.pre_cleaning as boolean | null) ?? null,
      lengthSurveyedM: num(r.length_surveyed_m),
      standardId: str(r.standard_id),
      taskId: num(r.task_id),
      sessionId: num(r.session_id),
      project: str(r.project_name),
      observationCount: num(r.observation_count),
      observedCodes: str(r.observed_codes),
      structuralPeak: num(r.str_peak),
      structuralRating: num(r.str_rating),
      structuralIndex: num(r.str_index),
      structuralQuick: str(r.str_quick),
      operationalPeak: num(r.om_peak),
      operationalRating: num(r.om_rating),
      operationalIndex: num(r.om_index),
      operationalQuick: str(r.om_quick),
      ...Object.fromEntries(Object.entries(header).map(([k, v]) => [`header.${k}`, v])),
    },
  };
}

function observationDetails(r: DetailRow): ObjectDetails {
  return {
    id: Number(r.id),
    type: 'Observation',
    readableId: `${String(r.code)} @ ${Number(r.distance_m).toFixed(2)} m`,
    subtype: null,
    geometry: geometry(r),
    version: r.version,
    properties: {
      inspectionId: num(r.inspection_id),
      sequence: num(r.sequence),
      distanceM: num(r.distance_m),
      code: str(r.code),
      codeLabel: str(r.code_label),
      family: str(r.family),
      characterisation: str(r.characterisation),
      quantification1: num(r.quantification1),
      quantification2: num(r.quantification2),
      clockFrom: num(r.clock_from),
      clockTo: num(r.clock_to),
      atJoint: (r.at_joint as boolean) ?? false,
      continuous: str(r.continuous),
      continuousGroup: num(r.continuous_group),
      grade: num(r.grade),
      remark: str(r.remark),
      videoMediaId: num(r.video_media_id),
      videoOffsetMs: num(r.video_offset_ms),
    },
  };
}

function subjectDetails(r: DetailRow): ObjectDetails {
  return {
    id: Number(r.id),
    type: 'Subject',
    readableId: String(r.label),
    subtype: null,
    geometry: geometry(r),
    version: r.version,
    properties: {
      kind: str(r.kind),
      label: str(r.label),
      assetId: str(r.asset_code),
      assetGlobalId: num(r.asset_id),
      inspectionId: num(r.inspection_id),
    },
  };
}

function projectDetails(r: DetailRow): ObjectDetails {
  return {
    id: Number(r.id),
    type: 'Project',
    readableId: String(r.name),
    subtype: null,
    geometry: null,
    version: r.version,
    properties: {
      name: str(r.name),
      client: str(r.client),
      contractor: str(r.contractor),
      standardId: str(r.standard_id),
      status: str(r.status),
      createdAt: iso(r.created_at),
      taskCount: num(r.task_count),
    },
  };
}
