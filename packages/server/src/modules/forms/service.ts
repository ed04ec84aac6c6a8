/**
 * Object details and forms (main-app spec section 7): the template of each object type as stored,
 * an object's values as its fields name them, saving a tab or the whole object, creating one, the
 * empty form and defaults of a new one, and the derived fields calculate recomputes. Values are
 * checked with core's form rules (the page runs the same), then mapped onto columns here: which
 * field writes which column is this file's table; the SQL is the repository's. Observations and
 * connected subjects are the observations module's records: their forms read and write them through
 * its service (its validation, version check and score recomputation), without files.
 */
import {
  CREATE_DENIED,
  EDIT_DENIED,
  FORM_INVALID,
  MISSING_TEMPLATES,
  type DetailsTemplate,
  type EmptyForm,
  type FormCalculate,
  type FormCalculated,
  type FormCreate,
  type FormDefaults,
  type FormSave,
  type FormSaved,
  type FormTabAnswer,
  type NewObjectContext,
} from '@manway/core/api/forms';
import type { SelectOption, ValueModelType } from '@manway/core/api/objects';
import {
  SUBJECT_PARENT_TYPES,
  type ConnectedSubjectItem,
  type ObservationItem,
  type RecordData,
} from '@manway/core/api/observations';
import type { ScoredObservation } from '@manway/core/domain/scoring';
import { DEMO_STANDARD } from '@manway/core/domain/standard';
import type { InspectionStatus, ObservationFamily } from '@manway/core/domain/types';
import { mayChangeInspection } from '@manway/core/domain/workflow';
import { calculateForm } from '@manway/core/forms/calculate';
import {
  GpsPositionValue,
  templateFields,
  type FormField,
  type FormTemplate,
  type FormValue,
  type FormValues,
} from '@manway/core/forms/template';
import { SHIPPED_TEMPLATES } from '@manway/core/forms/templates';
import { applicableFields, validateForm } from '@manway/core/forms/validate';
import { DATE_TIME_FORMAT_MESSAGE, isIsoDateTime } from '@manway/core/rules/field-validation';
import { hasEditorPermissions, isGuest } from '@manway/core/roles';
import type { Connection } from '../../db/connection';
import { fail } from '../../errors';
import type { ObjectsService } from '../objects/service';
import type { ObservationsService, Submission } from '../observations/service';
import type { SettingsService } from '../settings/service';
import type { CurrentUser } from '../users/service';
import type {
  AssetColumn,
  AssetColumns,
  AssetRow,
  ColumnValue,
  FormsRepository,
  GeometryInput,
  InspectionColumn,
  InspectionColumns,
  InspectionRow,
} from './repository';

type AssetKey = 'node' | 'section' | 'lateral';

/** What a path's `{type}` names: an asset type, inspections, observations or connected subjects. */
type FormTarget =
  { kind: 'asset'; key: AssetKey; typeName: string } | { kind: 'inspection'; typeName: string } | RecordTarget;

/** The observations module's records. */
type RecordTarget = { kind: 'observation'; typeName: string } | { kind: 'connected-subject'; typeName: string };

/** The names `{type}` gives connected subjects, lower case (the object types do not list them). */
const CONNECTED_SUBJECT_NAMES = ['connectedsubject', 'connected-subject'];

/** How a value is stored: the column's type bounds what it takes (a 500 otherwise, deep in a query). */
type ColumnType = 'text' | 'float' | 'int' | 'smallint' | 'boolean' | 'timestamp';

const ASSET_FIELDS: Record<string, { column: AssetColumn; type: ColumnType }> = {
  assetId: { column: 'asset_code', type: 'text' },
  subtype: { column: 'subtype', type: 'text' },
  material: { column: 'material', type: 'text' },
  shape: { column: 'shape', type: 'text' },
  sizeMm: { column: 'size_mm', type: 'int' },
  lengthM: { column: 'length_m', type: 'float' },
  yearBuilt: { column: 'year_built', type: 'smallint' },
  owner: { column: 'owner', type: 'text' },
  use: { column: 'use', type: 'text' },
  lifecycleStatus: { column: 'lifecycle_status', type: 'text' },
  coverLevelM: { column: 'cover_level_m', type: 'float' },
  invertLevelM: { column: 'invert_level_m', type: 'float' },
  fromInvertM: { column: 'from_invert_m', type: 'float' },
  toInvertM: { column: 'to_invert_m', type: 'float' },
  street: { column: 'street', type: 'text' },
  district: { column: 'district', type: 'text' },
  chainageM: { column: 'chainage_m', type: 'float' },
  clock: { column: 'clock', type: 'smallint' },
};

const INSPECTION_FIELDS: Record<string, { column: InspectionColumn; type: ColumnType }> = {
  inspectedAt: { column: 'inspected_at', type: 'timestamp' },
  direction: { column: 'direction', type: 'text' },
  weather: { column: 'weather', type: 'text' },
  preCleaning: { column: 'pre_cleaning', type: 'boolean' },
  lengthSurveyedM: { column: 'length_surveyed_m', type: 'float' },
};

/** Lookup fields and the asset type each one names. */
const LOOKUP_TYPES: Record<string, AssetKey> = {
  fromNode: 'node',
  toNode: 'node',
  startNode: 'node',
  parentSection: 'section',
};

/** The fields that place an asset: a change rebuilds its geometry. */
const GEOMETRY_FIELDS = ['location', 'fromNode', 'toNode', 'parentSection', 'chainageM'];

const HEADER_PREFIX = 'header.';
const INTEGER_LIMIT = { int: 2_147_483_647, smallint: 32_767 } as const;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

const WRONG_SHAPE = 'The value is not of the kind this field takes.';
const NOT_AN_OPTION = 'The value is not one of the options.';
const UNKNOWN_FIELD = 'This form has no such field.';
const NOT_FOUND_AS = (type: string) => `No ${type} with this id exists.`;
const LOCATION_NEEDED = 'Both longitude and latitude are required';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const iso = (v: Date | string): string => new Date(v).toISOString();

type Errors = Record<string, string[]>;

export class FormsService {
  constructor(
    private readonly repo: FormsRepository,
    private readonly objects: ObjectsService,
    private readonly observations: ObservationsService,
    private readonly profiles: Pick<SettingsService, 'inspectionProfile'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Start-up: the shipped templates in the database, custom ones untouched; answers how many changed. */
  /**
   * A Field system's templates are the Office's, copied by the sync agent (the Office is the authority
   * for structure): a Field only adds the ones it lacks, so a restart on another release does not
   * overwrite what the Office sent.
   */
  ensureShippedTemplates(role: 'office' | 'field'): Promise<number> {
    return this.repo.ensureShippedTemplates(SHIPPED_TEMPLATES, role === 'office');
  }

  async detailsTemplate(user: CurrentUser, type: string, id: number): Promise<DetailsTemplate> {
    const target = await this.target(type);
    const { template, title, editable, version } = await this.detailsOf(user, target, id);
    return {
      templateId: template.id,
      type: target.typeName,
      id,
      title,
      tabs: template.tabs.map((t) => ({ id: t.id, label: t.label })),
      editable,
      version,
    };
  }

  private async detailsOf(user: CurrentUser, target: FormTarget, id: number) {
    if (isRecord(target)) {
      const { template, title, version, status } = await this.record(target, id);
      return { template, title, version, editable: mayEditInspection(user, { status }) };
    }
    if (target.kind === 'asset') {
      const row = await this.assetOrNotFound(target.key, id);
      return {
        template: await this.template(target.key, null),
        title: `${target.typeName} ${row.asset_code}`,
        version: row.version,
        editable: hasEditorPermissions(user.role),
      };
    }
    const row = await this.inspectionOrNotFound(id);
    return {
      template: await this.template('inspection', row.standard_id),
      title: `Inspection ${row.asset_code} ${iso(row.inspected_at).slice(0, 10)}`,
      version: row.version,
      editable: mayEditInspection(user, row),
    };
  }

  async tab(type: string, id: number, tabId: string): Promise<FormTabAnswer> {
    const { template, values, version } = await this.current(await this.target(type), id);
    const tab = tabOf(template, tabId);
    const fields = await this.withOptions(tab.fields, template, values);
    return { templateId: template.id, tab: { ...tab, fields }, values: valuesOf(tab.fields, values), version };
  }

  /** PUT …/{tabId}: that tab's writable fields; POST …/{id}: every tab's. */
  async save(user: CurrentUser, type: string, id: number, tabId: string | null, body: FormSave): Promise<FormSaved> {
    const target = await this.target(type);
    if (isRecord(target)) return this.saveRecord(user, target, id, tabId, body);
    if (target.kind === 'asset' && !hasEditorPermissions(user.role)) throw fail.forbidden(EDIT_DENIED);
    if (target.kind === 'inspection' && isGuest(user.role)) throw fail.forbidden(EDIT_DENIED);
    const current = await this.current(target, id);
    const { template } = current;
    const fields = tabId === null ? templateFields(template) : tabOf(template, tabId).fields;
    refuseUnknown(template, body.values);
    const written = fields.filter((f) => isWritable(f, false) && f.id in body.values);
    const merged: FormValues = { ...current.values, ...pick(body.values, written) };
    this.validate(applicableFields(written, merged), merged, false);

    if (target.kind === 'asset') {
      const { columns, errors } = assetColumns(applicableFields(written, merged), merged);
      if (columns.subtype !== undefined) await this.checkSubtype(target.key, columns.subtype, errors);
      if (columns.asset_code !== undefined) await this.checkAssetCode(target.key, columns.asset_code, id);
      const moved = written.some(
        (f) => GEOMETRY_FIELDS.includes(f.id) && !samePlace(merged[f.id], current.values[f.id]),
      );
      const geometry = moved ? await this.geometryInput(target.key, merged, errors) : null;
      if (Object.keys(errors).length) throw fail.validation(errors, FORM_INVALID);
      await this.repo.transaction(async (tx) => {
        const version = await this.repo.updateAsset(tx, target.key, id, body.version, columns, geometry);
        if (version === undefined) throw await this.staleOrGone(target, id);
        if (geometry?.kind === 'node') await this.repo.moveCollectedLocation(tx, target.key, id, geometry, user.id);
      });
    } else {
      const row = current.inspection!;
      if (!mayEditInspection(user, row)) throw fail.forbidden(EDIT_DENIED);
      const { columns, header, position, errors } = await this.inspectionWrite(written, merged);
      if (Object.keys(errors).length) throw fail.validation(errors, FORM_INVALID);
      await this.repo.transaction(async (tx) => {
        const version = await this.repo.updateInspection(tx, id, body.version, columns, header);
        if (version === undefined) throw await this.staleOrGone(target, id);
        if (position !== undefined) await this.repo.setInspectionPosition(tx, id, position, user.id);
      });
    }
    return this.saved(target, id);
  }

  async create(user: CurrentUser, type: string, body: FormCreate): Promise<FormSaved> {
    const target = await this.target(type);
    if (target.kind === 'asset' ? !hasEditorPermissions(user.role) : isGuest(user.role)) {
      throw fail.forbidden(CREATE_DENIED);
    }
    if (target.kind === 'asset') return this.createAsset(target, body);
    if (isRecord(target)) return this.createRecord(user, target, body);
    const { id } = await this.createInspection(user, body, body.values);
    return this.saved(target, id);
  }

  private async createAsset(target: Extract<FormTarget, { kind: 'asset' }>, body: FormCreate): Promise<FormSaved> {
    const template = await this.template(target.key, null);
    refuseUnknown(template, body.values);
    const written = templateFields(template).filter((f) => isWritable(f, true));
    const values: FormValues = { ...(body.subtype ? { subtype: body.subtype } : {}), ...pick(body.values, written) };
    const fields = applicableFields(written, values);
    this.validate(fields, values, true);
    const { columns, errors } = assetColumns(
      fields.filter((f) => f.id in values),
      values,
    );
    columns.subtype ??= (await this.repo.subtypes(target.key))[0]?.key ?? null;
    await this.checkSubtype(target.key, columns.subtype, errors);
    if (typeof columns.asset_code !== 'string') (errors.assetId ??= []).push('An asset needs an asset ID.');
    const geometry = await this.geometryInput(target.key, values, errors);
    if (Object.keys(errors).length || !geometry) throw fail.validation(errors, FORM_INVALID);
    await this.checkAssetCode(target.key, columns.asset_code, null);
    const created = await this.repo.transaction((tx) => this.repo.insertAsset(tx, target.key, columns, geometry));
    return this.saved(target, Number(created.id));
  }

  /**
   * A new inspection of the asset `context.parentId` from its header form's `values`, checked by the
   * template of its standard. With `links`, the task and session it belongs to and its defaults
   * (spec: date now, operator, standard, position) under the values given, for the workflow's calls
   * that create one without showing the form first. The row is written with its creation event;
   * `within` runs in the same transaction once it exists, so a task's state changes with its
   * inspection or not at all. The caller decides who
   * may create (the object-forms call: any non-guest).
   */
  async createInspection(
    user: CurrentUser,
    context: NewObjectContext,
    given: FormValues,
    links?: { taskId?: number; sessionId?: number },
    within?: (tx: Connection) => Promise<void>,
  ): Promise<{ id: number; version: number }> {
    if (context.parentId === undefined) throw fail.field('parentId', 'An inspection is made of an asset: name it.');
    const parent = await this.parentAsset(context);
    const standardId = await this.standardFor(user, context, parent);
    const template = await this.template('inspection', standardId);
    refuseUnknown(template, given);
    const defaults = links
      ? (await this.newObject(user, { kind: 'inspection', typeName: 'Inspection' }, context)).values
      : {};
    const merged = { ...defaults, ...given };
    const written = templateFields(template).filter((f) => isWritable(f, true) && f.id in merged);
    const values = pick(merged, written);
    this.validate(applicableFields(written, values), values, true);
    const { columns, header, position, errors } = await this.inspectionWrite(written, values);
    if (Object.keys(errors).length) throw fail.validation(errors, FORM_INVALID);
    columns.inspected_at ??= this.clock().toISOString();
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.insertInspection(tx, {
        assetId: parent,
        standardId,
        createdBy: user.id,
        columns,
        header,
        taskId: links?.taskId ?? null,
        sessionId: links?.sessionId ?? null,
      });
      const id = Number(row.id);
      if (position) await this.repo.setInspectionPosition(tx, id, position, user.id);
      await within?.(tx);
      return { id, version: row.version };
    });
  }

  async emptyForm(user: CurrentUser, type: string, context: NewObjectContext): Promise<EmptyForm> {
    const target = await this.target(type);
    const { template, values } = await this.newObject(user, target, context);
    const tabs = await Promise.all(
      template.tabs.map(async (t) => ({ ...t, fields: await this.withOptions(t.fields, template, values) })),
    );
    return { templateId: template.id, tabs, values: valuesOf(templateFields(template), values) };
  }

  async defaults(user: CurrentUser, type: string, context: NewObjectContext): Promise<FormDefaults> {
    const { template, values } = await this.newObject(user, await this.target(type), context);
    const ids = new Set(templateFields(template).map((f) => f.id));
    return { values: Object.fromEntries(Object.entries(values).filter(([k]) => ids.has(k))) };
  }

  /** The derived fields of the values sent: of the object `id`, or of a new one when `id` is null. */
  async calculate(user: CurrentUser, type: string, id: number | null, body: FormCalculate): Promise<FormCalculated> {
    const target = await this.target(type);
    const now = this.clock();
    if (isRecord(target)) return this.calculateRecord(user, target, id, body);
    if (target.kind === 'asset') {
      const current = id === null ? undefined : await this.current(target, id);
      if (!current) await this.template(target.key, null);
      let line: [number, number][] | null = null;
      if (target.key !== 'node') {
        const merged = { ...current?.values, ...body.values };
        const moved = !current || GEOMETRY_FIELDS.some((f) => !samePlace(merged[f], current.values[f]));
        if (!moved) line = await this.repo.line({ assetId: id! });
        else {
          const geometry = await this.geometryInput(target.key, merged, {});
          line = geometry ? await this.repo.line({ geometry }) : null;
        }
      }
      return { values: calculateForm(target.key, body.values, { now, line }) };
    }
    let standardId: string;
    let observations: ScoredObservation[] = [];
    if (id !== null) {
      const row = await this.inspectionOrNotFound(id);
      standardId = row.standard_id;
      observations = (await this.repo.observationsForScoring(id)).map((o) => ({
        family: o.family as ObservationFamily,
        grade: o.grade,
        distanceM: o.distance_m,
        continuous: o.continuous,
        continuousGroup: o.continuous_group,
      }));
    } else {
      const parent = body.parentId === undefined ? null : await this.parentAsset(body);
      standardId = await this.standardFor(user, body, parent);
    }
    await this.template('inspection', standardId);
    const standard = await this.repo.standard(standardId);
    if (!standard) throw fail.field('standardId', `Unknown standard "${standardId}".`);
    return {
      values: calculateForm('inspection', body.values, {
        now,
        observations,
        scale: { min: standard.grade_min, max: standard.grade_max, worstIsHigh: standard.worst_is_high },
        continuousUnitM: standard.continuous_unit_m,
      }),
    };
  }

  // ---- the pieces

  private async target(type: string): Promise<FormTarget> {
    if (CONNECTED_SUBJECT_NAMES.includes(type.toLowerCase())) {
      return { kind: 'connected-subject', typeName: 'ConnectedSubject' };
    }
    const t = await this.objects.resolveType(type, ['asset', 'inspection', 'observation']);
    if (t.kind === 'asset') return { kind: 'asset', key: t.key, typeName: t.typeName };
    return { kind: t.kind === 'observation' ? 'observation' : 'inspection', typeName: t.typeName };
  }

  private async template(objectType: string, standardId: string | null): Promise<FormTemplate> {
    const row = await this.repo.template(objectType, standardId);
    if (!row) throw fail.coded('form/missing-templates', MISSING_TEMPLATES);
    return row.definition;
  }

  private async assetOrNotFound(key: AssetKey, id: number): Promise<AssetRow> {
    const row = await this.repo.asset(key, id);
    if (!row) throw fail.notFound('Object not found');
    return row;
  }

  private async inspectionOrNotFound(id: number): Promise<InspectionRow> {
    const row = await this.repo.inspection(id);
    if (!row) throw fail.notFound('Object not found');
    return row;
  }

  /** An existing object's template and values. */
  private async current(target: FormTarget, id: number) {
    if (isRecord(target)) {
      const { template, values, version } = await this.record(target, id);
      return { template, values, version, asset: undefined, inspection: undefined };
    }
    if (target.kind === 'asset') {
      const asset = await this.assetOrNotFound(target.key, id);
      const template = await this.template(target.key, null);
      return { template, values: assetValues(asset), version: asset.version, asset, inspection: undefined };
    }
    const inspection = await this.inspectionOrNotFound(id);
    const template = await this.template('inspection', inspection.standard_id);
    return {
      template,
      values: inspectionValues(inspection),
      version: inspection.version,
      asset: undefined,
      inspection,
    };
  }

  private async saved(target: FormTarget, id: number): Promise<FormSaved> {
    const { template, values, version } = await this.current(target, id);
    return { id, version, values: valuesOf(templateFields(template), values) };
  }

  /** After a refused versioned write: 404 when the object is gone, else the 409 of a stale version. */
  private async staleOrGone(target: FormTarget, id: number) {
    const exists =
      target.kind === 'asset' ? await this.repo.assetExists(target.key, id) : await this.repo.inspectionExists(id);
    return exists ? fail.conflict() : fail.notFound('Object not found');
  }

  private validate(fields: FormField[], values: FormValues, creating: boolean): void {
    const errors = validateForm(fields, values, { now: this.clock(), creating });
    if (Object.keys(errors).length) throw fail.validation(errors, FORM_INVALID);
  }

  private async checkSubtype(key: AssetKey, subtype: ColumnValue | undefined, errors: Errors): Promise<void> {
    const valid = (await this.repo.subtypes(key)).map((s) => s.key);
    if (typeof subtype !== 'string' || !valid.includes(subtype)) {
      (errors.subtype ??= []).push(`The subtype is not one of: ${valid.join(', ')}.`);
    }
  }

  /** Asked before writing, so both back ends answer the same; the unique index still guards a race. */
  private async checkAssetCode(key: AssetKey, code: ColumnValue | undefined, exceptId: number | null) {
    if (typeof code === 'string' && (await this.repo.assetCodeTaken(key, code, exceptId))) {
      throw fail.coded('asset/duplicate-name-and-subtype', 'An asset with the same name and subtype already exists.');
    }
  }

  /** What an asset's geometry is built from, checked; null (with the reasons in `errors`) when incomplete. */
  private async geometryInput(key: AssetKey, values: FormValues, errors: Errors): Promise<GeometryInput | null> {
    const problem = (field: string, message: string) => {
      (errors[field] ??= []).push(message);
      return null;
    };
    const point = locationOf(values.location);
    if (key === 'node') {
      return point ? { kind: 'node', ...point } : problem('location', LOCATION_NEEDED);
    }
    if (key === 'section') {
      const from = await this.lookupRef('fromNode', values.fromNode, errors);
      const to = await this.lookupRef('toNode', values.toNode, errors);
      if (from === null || to === null) return null;
      if (from === to) return problem('toNode', 'A section joins two different nodes.');
      return { kind: 'section', fromNodeId: from, toNodeId: to };
    }
    const parent = await this.lookupRef('parentSection', values.parentSection, errors);
    const chainage = values.chainageM;
    if (typeof chainage !== 'number' || chainage < 0) problem('chainageM', 'A lateral needs its chainage (m).');
    if (!point) problem('location', LOCATION_NEEDED);
    if (parent === null || typeof chainage !== 'number' || chainage < 0 || !point) return null;
    return { kind: 'lateral', parentSectionId: parent, chainageM: chainage, ...point };
  }

  /** A lookup value's id, once it names an existing asset of the field's type. */
  private async lookupRef(field: string, value: FormValue | undefined, errors: Errors): Promise<number | null> {
    const id = lookupId(value);
    if (id === undefined) {
      (errors[field] ??= []).push(WRONG_SHAPE);
      return null;
    }
    if (id === null) {
      (errors[field] ??= []).push('Choose one.');
      return null;
    }
    const [ref] = await this.repo.assetRefs([id]);
    if (!ref || ref.object_type !== LOOKUP_TYPES[field]) {
      (errors[field] ??= []).push(NOT_FOUND_AS(LOOKUP_TYPES[field] ?? 'asset'));
      return null;
    }
    return id;
  }

  /** The columns, header keys and position an inspection header form writes. */
  private async inspectionWrite(fields: FormField[], values: FormValues) {
    const errors: Errors = {};
    const columns: InspectionColumns = {};
    const header: Record<string, FormValue> = {};
    let position: Parameters<FormsRepository['setInspectionPosition']>[2] | undefined;
    for (const field of fields) {
      const value = values[field.id];
      const column = INSPECTION_FIELDS[field.id];
      if (column) {
        const converted = toColumn(field, value, column.type);
        if (converted.ok) columns[column.column] = converted.value;
        else (errors[field.id] ??= []).push(converted.message);
      } else if (field.id === 'startNode') {
        columns.start_node_id = value === null ? null : await this.lookupRef('startNode', value, errors);
      } else if (field.kind === 'gpsPosition') {
        const gps = GpsPositionValue.safeParse(value);
        if (value === null || (gps.success && (gps.data.longitude === null || gps.data.latitude === null))) {
          position = null;
        } else if (!gps.success) {
          (errors[field.id] ??= []).push(WRONG_SHAPE);
        } else {
          const { longitude, latitude, altitude, accuracy, ...fix } = gps.data;
          position = {
            longitude: longitude!,
            latitude: latitude!,
            altitude: altitude ?? null,
            accuracy: accuracy ?? null,
            capturedAt: fix.utcTime && timestampOf(fix.utcTime) ? timestampOf(fix.utcTime) : null,
            gps: fix,
          };
        }
      } else if (field.id.startsWith(HEADER_PREFIX)) {
        const problem = optionProblem(field, value);
        if (problem) (errors[field.id] ??= []).push(problem);
        else header[field.id.slice(HEADER_PREFIX.length)] = value ?? null;
      }
    }
    return { columns, header, position, errors };
  }

  /** The asset a new inspection is made of: `parentId`, of `parentType` when named. */
  private async parentAsset(context: NewObjectContext): Promise<number> {
    if (context.parentId === undefined) throw fail.field('parentId', 'Name the asset.');
    let type: string | undefined;
    if (context.parentType !== undefined) {
      const t = await this.objects.resolveType(context.parentType, ['asset']);
      type = t.kind === 'asset' ? t.key : undefined;
    }
    const [ref] = await this.repo.assetRefs([context.parentId]);
    if (!ref || (type !== undefined && ref.object_type !== type)) {
      throw fail.field('parentId', NOT_FOUND_AS(type ?? 'asset'));
    }
    return context.parentId;
  }

  /**
   * The context's standard, else the project's of the asset's open task, else the one of the user's
   * inspection profile, else the demo standard. A profile's standard removed since it was chosen is
   * passed over: the crew member did not name it in this request.
   */
  private async standardFor(user: CurrentUser, context: NewObjectContext, parent: number | null): Promise<string> {
    const id =
      context.standardId ??
      (parent === null ? undefined : await this.repo.openTaskStandard(parent)) ??
      (await this.profileStandard(user)) ??
      DEMO_STANDARD.id;
    if (!(await this.repo.standard(id))) throw fail.field('standardId', `Unknown standard "${id}".`);
    return id;
  }

  private async profileStandard(user: CurrentUser): Promise<string | undefined> {
    const { standardId } = await this.profiles.inspectionProfile(user);
    return standardId !== null && (await this.repo.standard(standardId)) ? standardId : undefined;
  }

  /** A new object's template and default values (spec: date now, operator, standard, position). */
  private async newObject(user: CurrentUser, target: FormTarget, context: NewObjectContext) {
    if (target.kind === 'observation') {
      const { template, parentId } = await this.recordContext(target, context);
      // A crew records along the pipe: the next observation starts where the last one was.
      return { template, values: { distanceM: (await this.repo.lastDistance(parentId)) ?? 0 } as FormValues };
    }
    const fix = await this.repo.lastUserFix(user.id);
    if (target.kind === 'connected-subject') {
      const { template } = await this.recordContext(target, context);
      const location = fix ? { longitude: fix.longitude, latitude: fix.latitude } : null;
      return { template, values: { connection: { subject: null, location } } as FormValues };
    }
    if (target.kind === 'asset') {
      const template = await this.template(target.key, null);
      const subtypes = (await this.repo.subtypes(target.key)).map((s) => s.key);
      const subtype = context.subtype?.toLowerCase() ?? subtypes[0] ?? null;
      if (subtype === null || !subtypes.includes(subtype)) {
        throw fail.field('subtype', `The subtype is not one of: ${subtypes.join(', ')}.`);
      }
      const values: FormValues = {
        subtype,
        lifecycleStatus: 'active',
        location: fix ? { longitude: fix.longitude, latitude: fix.latitude } : null,
      };
      return { template, values };
    }
    const parent = context.parentId === undefined ? null : await this.parentAsset(context);
    const [standardId, profile] = await Promise.all([
      this.standardFor(user, context, parent),
      this.profiles.inspectionProfile(user),
    ]);
    const template = await this.template('inspection', standardId);
    const values: FormValues = {
      inspectedAt: this.clock().toISOString(),
      direction: profile.direction ?? 'downstream',
      [`${HEADER_PREFIX}operator`]: user.displayName,
      standardId,
      status: 'incomplete',
      gpsPosition: fix ? gpsValueOf(fix) : null,
    };
    return { template, values };
  }

  // ---- observations and connected subjects, through the observations module

  /**
   * An observation or connected subject as the observations module answers it, its template, and the
   * status of the inspection it belongs to (who may edit it follows from that).
   */
  private async record(target: RecordTarget, id: number) {
    if (target.kind === 'observation') {
      const parent = await this.repo.recordParent('observation', id);
      if (!parent) throw fail.notFound('Object not found');
      const template = await this.template('observation', parent.standard_id);
      const item = await this.observations.observation(id);
      const title = `Observation ${String(item.values.code)} at ${String(item.values.distanceM)} m`;
      return { template, ...answerOf(template, item), status: parent.status, title };
    }
    const ref = await this.repo.connectedParent(id);
    if (!ref) throw fail.notFound('Object not found');
    const template = await this.template('connected-subject', null);
    const parent = await this.repo.recordParent(ref.parent_type, Number(ref.parent_id));
    const item = await this.observations.connected(id);
    const title = `Connected subject ${item.subject.label}`;
    return { template, ...answerOf(template, item), status: parent?.status ?? null, title };
  }

  /** A new record's parent, checked, and the template it is recorded with. */
  private async recordContext(target: RecordTarget, context: NewObjectContext) {
    const observation = target.kind === 'observation';
    const parentTypes: readonly string[] = observation ? ['Inspection'] : SUBJECT_PARENT_TYPES;
    const parentType = parentTypes.find(
      (t) => t.toLowerCase() === (context.parentType ?? parentTypes[0])!.toLowerCase(),
    );
    if (!parentType) throw fail.field('parentType', `${target.typeName} records belong to: ${parentTypes.join(', ')}.`);
    if (context.parentId === undefined) throw fail.field('parentId', `Name the ${parentType.toLowerCase()}.`);
    const parent = await this.repo.recordParent(parentType.toLowerCase(), context.parentId);
    if (!parent) throw fail.field('parentId', NOT_FOUND_AS(parentType.toLowerCase()));
    const template = observation
      ? await this.template('observation', parent.standard_id)
      : await this.template('connected-subject', null);
    return { template, parentType, parentId: context.parentId };
  }

  /** PUT …/{tabId} and POST …/{id}: the observations module takes the whole form; what is not written stays as read. */
  private async saveRecord(
    user: CurrentUser,
    target: RecordTarget,
    id: number,
    tabId: string | null,
    body: FormSave,
  ): Promise<FormSaved> {
    if (isGuest(user.role)) throw fail.forbidden(EDIT_DENIED);
    const current = await this.record(target, id);
    const all = templateFields(current.template);
    const fields = tabId === null ? all : tabOf(current.template, tabId).fields;
    refuseUnknown(current.template, body.values);
    const written = fields.filter((f) => isWritable(f, false) && f.id in body.values);
    const data: RecordData = {
      FormValues: valuesOf(all, { ...current.values, ...pick(body.values, written) }),
      Version: body.version,
    };
    const item =
      target.kind === 'observation'
        ? await this.submit(data, (s) => this.observations.updateObservation(user, id, 'Observation', s))
        : await this.submit(data, (s) => this.observations.updateConnected(user, id, 'ConnectedSubject', s));
    return { id, ...answerOf(current.template, item) };
  }

  /** POST api/object-forms/{type}: parentType and parentId name the inspection, or the subject's parent. */
  private async createRecord(user: CurrentUser, target: RecordTarget, body: FormCreate): Promise<FormSaved> {
    const { template, parentType, parentId } = await this.recordContext(target, body);
    refuseUnknown(template, body.values);
    const values = pick(
      body.values,
      templateFields(template).filter((f) => isWritable(f, true)),
    );
    const item =
      target.kind === 'observation'
        ? await this.submit({ InspectionId: parentId, FormValues: values }, (s) =>
            this.observations.createObservation(user, s),
          )
        : await this.submit({ ParentObjectType: parentType, ParentObjectId: parentId, FormValues: values }, (s) =>
            this.observations.createConnected(user, s),
          );
    return { id: item.id, ...answerOf(template, item) };
  }

  /** A form's submission without files: an upload batch that receives none, dropped whatever happens. */
  private async submit<T>(data: RecordData, write: (s: Submission) => Promise<T>): Promise<T> {
    const uploads = this.observations.uploads();
    try {
      return await write({ data: JSON.stringify(data), filesToRemove: [], uploads });
    } finally {
      await uploads.discard();
    }
  }

  /** An observation's grade under its standard's codes (and the date modified); a connected subject's date. */
  private async calculateRecord(
    user: CurrentUser,
    target: RecordTarget,
    id: number | null,
    body: FormCalculate,
  ): Promise<FormCalculated> {
    const now = this.clock();
    const template =
      id === null ? await this.newRecordTemplate(user, target, body) : await this.recordTemplate(target, id);
    if (target.kind === 'connected-subject') {
      return { values: calculateForm('connected-subject', body.values, { now }) };
    }
    const codes = await this.repo.codes(template.standardId ?? DEMO_STANDARD.id);
    return { values: calculateForm('observation', body.values, { now, codes }) };
  }

  /** An existing record's template, without reading the record. */
  private async recordTemplate(target: RecordTarget, id: number): Promise<FormTemplate> {
    if (target.kind === 'observation') {
      const parent = await this.repo.recordParent('observation', id);
      if (!parent) throw fail.notFound('Object not found');
      return this.template('observation', parent.standard_id);
    }
    if (!(await this.repo.connectedParent(id))) throw fail.notFound('Object not found');
    return this.template('connected-subject', null);
  }

  /** A new record's template: of its parent when named, else of the context's standard (observations). */
  private async newRecordTemplate(
    user: CurrentUser,
    target: RecordTarget,
    context: NewObjectContext,
  ): Promise<FormTemplate> {
    if (context.parentId !== undefined) return (await this.recordContext(target, context)).template;
    if (target.kind === 'connected-subject') return this.template('connected-subject', null);
    return this.template('observation', await this.standardFor(user, context, null));
  }

  /** The fields with the options that live in the database filled in. */
  private async withOptions(fields: FormField[], template: FormTemplate, values: FormValues): Promise<FormField[]> {
    // The code and characterisation fields both come from the standard's codes: read them once.
    let codes: ReturnType<FormsRepository['codes']> | undefined;
    const standardCodes = () => (codes ??= this.repo.codes(template.standardId ?? DEMO_STANDARD.id));
    return Promise.all(
      fields.map(async (field) => {
        const options = await this.optionsFrom(field, template, values, standardCodes);
        return options ? { ...field, options } : field;
      }),
    );
  }

  private async optionsFrom(
    field: FormField,
    template: FormTemplate,
    values: FormValues,
    standardCodes: () => ReturnType<FormsRepository['codes']>,
  ): Promise<SelectOption[] | null> {
    switch (field.optionsFrom) {
      case undefined:
        return null;
      case 'subtypes':
        return ['node', 'section', 'lateral'].includes(template.objectType)
          ? (await this.repo.subtypes(template.objectType)).map((s) => ({ id: s.key, value: s.label }))
          : [];
      case 'codes':
        return (await standardCodes()).map((c) => ({
          id: c.code,
          value: `${c.code} ${c.label}`,
        }));
      case 'characterisations': {
        const codes = await standardCodes();
        const code = typeof values.code === 'string' && values.code !== '' ? values.code : null;
        const ofCode = codes.filter((c) => code === null || c.code === code);
        const all = new Map<string, string>();
        for (const c of ofCode) for (const [k, v] of Object.entries(c.characterisations ?? {})) all.set(k, v);
        return [...all].map(([id, value]) => ({ id, value })).sort((a, b) => a.id.localeCompare(b.id));
      }
      case 'subject-kinds':
        return (await this.repo.subjectKinds()).map((k) => ({ id: k, value: sentenceCase(k) }));
    }
  }
}

// ---- values: rows → form values, form values → columns

function lookupValue(id: string | null, readableId: string | null): FormValue {
  return id === null ? null : { id: Number(id), readableId: readableId ?? id };
}

function assetValues(r: AssetRow): FormValues {
  return {
    assetId: r.asset_code,
    subtype: r.subtype,
    material: str(r.material),
    shape: str(r.shape),
    sizeMm: num(r.size_mm),
    lengthM: num(r.length_m),
    yearBuilt: num(r.year_built),
    owner: str(r.owner),
    use: str(r.use),
    lifecycleStatus: r.lifecycle_status,
    coverLevelM: num(r.cover_level_m),
    invertLevelM: num(r.invert_level_m),
    fromInvertM: num(r.from_invert_m),
    toInvertM: num(r.to_invert_m),
    street: str(r.street),
    district: str(r.district),
    conditionGrade: num(r.condition_grade),
    fromNode: lookupValue(r.from_node_id, r.from_code),
    toNode: lookupValue(r.to_node_id, r.to_code),
    parentSection: lookupValue(r.parent_section_id, r.parent_code),
    chainageM: num(r.chainage_m),
    clock: num(r.clock),
    location: r.longitude === null || r.latitude === null ? null : { longitude: r.longitude, latitude: r.latitude },
    dateModified: iso(r.updated_at),
  };
}

function inspectionValues(r: InspectionRow): FormValues {
  const header = Object.fromEntries(
    Object.entries(r.header ?? {}).map(([k, v]) => [`${HEADER_PREFIX}${k}`, headerValue(v)]),
  );
  return {
    ...header,
    inspectedAt: iso(r.inspected_at),
    direction: r.direction,
    startNode: lookupValue(r.start_node_id, r.start_code),
    weather: r.weather,
    preCleaning: r.pre_cleaning,
    lengthSurveyedM: num(r.length_surveyed_m),
    status: r.status,
    standardId: r.standard_id,
    gpsPosition:
      r.longitude === null || r.latitude === null
        ? null
        : gpsValueOf({ ...r, longitude: r.longitude, latitude: r.latitude, source: r.position_source ?? 'collected' }),
    structuralPeak: num(r.str_peak),
    structuralRating: num(r.str_rating),
    structuralIndex: num(r.str_index),
    structuralQuick: str(r.str_quick),
    operationalPeak: num(r.om_peak),
    operationalRating: num(r.om_rating),
    operationalIndex: num(r.om_index),
    operationalQuick: str(r.om_quick),
    dateModified: iso(r.updated_at),
  };
}

/** A stored position with its fix as a GPS position value; fix fields of another shape are left out. */
function gpsValueOf(p: {
  longitude: number;
  latitude: number;
  altitude: number | null;
  horizontal_accuracy: number | null;
  source: string;
  gps: Record<string, unknown> | null;
}): FormValue {
  const base = {
    longitude: p.longitude,
    latitude: p.latitude,
    altitude: p.altitude,
    accuracy: p.horizontal_accuracy,
    source: p.source,
  };
  const fix = Object.fromEntries(
    Object.entries(p.gps ?? {}).filter(
      ([k, v]) => k in GpsPositionValue.shape && GpsPositionValue.shape[k as 'mode'].safeParse(v).success,
    ),
  );
  const full = GpsPositionValue.safeParse({ ...fix, ...base });
  return full.success ? full.data : base;
}

/** Header values of kinds a form field holds; anything else (a custom tool's object) shows as empty. */
function headerValue(v: unknown): FormValue {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return v as FormValue;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return null;
}

/** A record the observations module answered, as a form answers it: the version and the template's values. */
function tabOf(template: FormTemplate, tabId: string) {
  const tab = template.tabs.find((t) => t.id === tabId);
  if (!tab) throw fail.notFound(`The form has no tab "${tabId}".`);
  return tab;
}

function answerOf(template: FormTemplate, item: ObservationItem | ConnectedSubjectItem) {
  return { version: item.version, values: valuesOf(templateFields(template), item.values) };
}

/** Every field's value (null when it has none), placeholders aside: only what the fields name leaves. */
function valuesOf(fields: readonly FormField[], values: FormValues): FormValues {
  return Object.fromEntries(fields.filter((f) => f.kind !== 'placeholder').map((f) => [f.id, values[f.id] ?? null]));
}

function pick(values: FormValues, fields: readonly FormField[]): FormValues {
  return Object.fromEntries(fields.filter((f) => f.id in values).map((f) => [f.id, values[f.id]!]));
}

/** Read-only, date-modified and placeholder fields are shown, never written; create-only ones once. */
function isWritable(field: FormField, creating: boolean): boolean {
  if (field.readOnly || field.rules.disabled) return false;
  if (field.kind === 'dateModified' || field.kind === 'placeholder') return false;
  return creating || !field.createOnly;
}

function refuseUnknown(template: FormTemplate, values: FormValues): void {
  const known = new Set(templateFields(template).map((f) => f.id));
  const unknown = Object.keys(values).filter((k) => !known.has(k));
  if (unknown.length) throw fail.validation(Object.fromEntries(unknown.map((k) => [k, [UNKNOWN_FIELD]])), FORM_INVALID);
}

function assetColumns(fields: FormField[], values: FormValues): { columns: AssetColumns; errors: Errors } {
  const columns: AssetColumns = {};
  const errors: Errors = {};
  for (const field of fields) {
    const column = ASSET_FIELDS[field.id];
    // Fields without a column (geometry, lookups) are written through the geometry.
    if (!column) continue;
    const converted = toColumn(field, values[field.id], column.type);
    if (converted.ok) columns[column.column] = converted.value;
    else (errors[field.id] ??= []).push(converted.message);
  }
  return { columns, errors };
}

type Converted = { ok: true; value: ColumnValue } | { ok: false; message: string };

/** A field's value as its column takes it: numbers from number text too, dates as ISO instants. */
function toColumn(field: FormField, value: FormValue | undefined, type: ColumnType): Converted {
  if (value === undefined || value === null || value === '') return { ok: true, value: null };
  const problem = optionProblem(field, value);
  if (problem) return { ok: false, message: problem };
  const wrong: Converted = { ok: false, message: WRONG_SHAPE };
  switch (type) {
    case 'text':
      return typeof value === 'string' ? { ok: true, value } : wrong;
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : wrong;
    case 'timestamp': {
      if (typeof value !== 'string') return wrong;
      const instant = timestampOf(value);
      return instant ? { ok: true, value: instant } : { ok: false, message: DATE_TIME_FORMAT_MESSAGE };
    }
    case 'float':
    case 'int':
    case 'smallint': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(n)) return wrong;
      if (type === 'float') return { ok: true, value: n };
      if (!Number.isInteger(n)) return { ok: false, message: 'The value must be a whole number.' };
      if (Math.abs(n) > INTEGER_LIMIT[type]) return { ok: false, message: 'The value is out of range.' };
      return { ok: true, value: n };
    }
  }
}

/** Value model types whose options are the only values; an enum range's options are suggestions. */
const CLOSED_ENUMS: readonly ValueModelType[] = ['MappedEnum', 'ModifierEnum', 'CodeEnum', 'MultiCodeEnum'];

/** A fixed list of options bounds what an enum field takes (the database's CHECKs say the same, less kindly). */
function optionProblem(field: FormField, value: FormValue | undefined): string | null {
  if (!field.options || !CLOSED_ENUMS.includes(field.valueModelType)) return null;
  if (value === null || value === undefined || value === '') return null;
  const ids = new Set(field.options.map((o) => o.id));
  const given = Array.isArray(value) ? value : [value];
  if (given.some((v) => typeof v !== 'string' && typeof v !== 'number')) return WRONG_SHAPE;
  return given.every((v) => ids.has(String(v))) ? null : NOT_AN_OPTION;
}

/** An ISO date-time PostgreSQL takes, as an instant; null for text that is none. */
function timestampOf(text: string): string | null {
  if (!isIsoDateTime(text)) return null;
  const t = new Date(text);
  const year = t.getUTCFullYear();
  return Number.isFinite(t.getTime()) && year >= 1 && year <= 9999 ? t.toISOString() : null;
}

function locationOf(value: FormValue | undefined): { longitude: number; latitude: number } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as { longitude?: unknown; latitude?: unknown };
  if (typeof v.longitude !== 'number' || typeof v.latitude !== 'number') return null;
  if (Math.abs(v.longitude) > 180 || Math.abs(v.latitude) > 90) return null;
  return { longitude: v.longitude, latitude: v.latitude };
}

/** A lookup value's id; null when empty; undefined when the value is of another shape. */
function lookupId(value: FormValue | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value) || !('id' in value)) return undefined;
  const id = (value as { id: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Whether two values of a geometry field put the asset in the same place: lookups by id, points by position. */
function samePlace(a: FormValue | undefined, b: FormValue | undefined): boolean {
  const id = (v: FormValue | undefined) => (v && typeof v === 'object' && 'id' in v ? lookupId(v) : v);
  const point = (v: FormValue | undefined) =>
    v && typeof v === 'object' && 'longitude' in v ? locationOf(v) : (id(v) ?? null);
  return JSON.stringify(point(a)) === JSON.stringify(point(b));
}

/** Also a record's, by the status of the inspection it belongs to (null for a record of an asset). */
function mayEditInspection(user: CurrentUser, row: { status: string | null }): boolean {
  return mayChangeInspection(user, row.status as InspectionStatus | null);
}

function isRecord(target: FormTarget): target is RecordTarget {
  return target.kind === 'observation' || target.kind === 'connected-subject';
}

function sentenceCase(key: string): string {
  return key[0]!.toUpperCase() + key.slice(1).replace(/-/g, ' ');
}
