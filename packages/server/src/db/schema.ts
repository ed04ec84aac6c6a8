/** Drizzle table definitions mirroring the SQL migrations (the migrations are the source of truth). */
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const manwayMeta = pgTable('manway_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  login: text('login').notNull(),
  displayName: text('display_name').notNull(),
  email: text('email'),
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['administrator', 'editor', 'regular', 'guest'] }).notNull(),
  websync: boolean('websync').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  absoluteExpiresAt: tz('absolute_expires_at').notNull(),
  revokedAt: tz('revoked_at'),
  idToken: text('id_token'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/** A single sign-on identity: the provider's (issuer, subject), the only key an account is found by. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] })],
);

export const loginFailures = pgTable('login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  loginKey: text('login_key').notNull(),
  ip: text('ip').notNull(),
  failedAt: tz('failed_at').notNull().defaultNow(),
});

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const objectTypes = pgTable('object_types', {
  key: text('key').primaryKey(),
  typeName: text('type_name').notNull(),
  connectivityType: text('connectivity_type', { enum: ['Node', 'Section', 'Lateral', 'Area', 'Point'] }).notNull(),
  geometryType: text('geometry_type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  label: text('label').notNull(),
  readableIdProperty: text('readable_id_property').notNull().default('assetId'),
  codePrefix: text('code_prefix'),
});

export const licences = pgTable('licences', {
  application: text('application', { enum: ['web-office', 'web-inspect', 'web-settings', 'web-websync'] }).primaryKey(),
  seats: integer('seats').notNull(),
  editing: boolean('editing').notNull().default(false),
  expiresAt: tz('expires_at'),
});

// ---- 0002_network.sql, 0003_lookup_indexes.sql -------------------------------------------------
// Repositories of the network reach these tables through readable SQL (PostGIS); the definitions
// here keep the schema in one typed place and serve typed queries where no geometry is involved.

/** PostGIS geometry, read and written as EWKT / hex EWKB text. */
const geometry = customType<{ data: string; driverData: string }>({ dataType: () => 'geometry' });
const id = (name: string) => bigint(name, { mode: 'number' });
const version = () => integer('version').notNull().default(1);

export const assetSubtypes = pgTable('asset_subtypes', {
  key: text('key').primaryKey(),
  objectType: text('object_type')
    .notNull()
    .references(() => objectTypes.key),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const standards = pgTable('standards', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  notice: text('notice'),
  appliesTo: text('applies_to').array().notNull(),
  headerFields: jsonb('header_fields').notNull(),
  gradeMin: smallint('grade_min').notNull(),
  gradeMax: smallint('grade_max').notNull(),
  worstIsHigh: boolean('worst_is_high').notNull(),
  scoringMethod: text('scoring_method').notNull(),
  continuousUnitM: doublePrecision('continuous_unit_m').notNull(),
});

export const observationCodes = pgTable(
  'observation_codes',
  {
    standardId: text('standard_id')
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    family: text('family', { enum: ['structural', 'operational', 'inventory', 'other'] }).notNull(),
    label: text('label').notNull(),
    characterisations: jsonb('characterisations'),
    characterisationRequired: boolean('characterisation_required').notNull().default(false),
    quantificationUnit: text('quantification_unit'),
    quantificationRequired: boolean('quantification_required').notNull().default(false),
    clockRequired: boolean('clock_required').notNull().default(false),
    continuousAllowed: boolean('continuous_allowed').notNull().default(false),
    gradeRule: jsonb('grade_rule').notNull(),
  },
  (t) => [primaryKey({ columns: [t.standardId, t.code] })],
);

export const assets = pgTable('assets', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  objectType: text('object_type')
    .notNull()
    .references(() => objectTypes.key),
  subtype: text('subtype').notNull(),
  assetCode: text('asset_code').notNull(),
  geom: geometry('geom').notNull(),
  fromNodeId: id('from_node_id'),
  toNodeId: id('to_node_id'),
  parentSectionId: id('parent_section_id'),
  chainageM: doublePrecision('chainage_m'),
  clock: smallint('clock'),
  material: text('material'),
  shape: text('shape'),
  sizeMm: integer('size_mm'),
  lengthM: doublePrecision('length_m'),
  yearBuilt: smallint('year_built'),
  owner: text('owner'),
  use: text('use', { enum: ['sanitary', 'storm', 'combined'] }),
  lifecycleStatus: text('lifecycle_status').notNull().default('active'),
  coverLevelM: doublePrecision('cover_level_m'),
  invertLevelM: doublePrecision('invert_level_m'),
  fromInvertM: doublePrecision('from_invert_m'),
  toInvertM: doublePrecision('to_invert_m'),
  street: text('street'),
  district: text('district'),
  conditionGrade: smallint('condition_grade'),
  conditionInspectionId: id('condition_inspection_id'),
  version: version(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const projects = pgTable('projects', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  client: text('client'),
  contractor: text('contractor'),
  standardId: text('standard_id')
    .notNull()
    .references(() => standards.id),
  status: text('status', { enum: ['planned', 'active', 'completed', 'archived'] }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  version: version(),
});

export const tasks = pgTable('tasks', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  projectId: id('project_id')
    .notNull()
    .references(() => projects.id),
  taskType: text('task_type', { enum: ['inspect', 'clean', 'rehabilitate'] }).notNull(),
  assetId: id('asset_id')
    .notNull()
    .references(() => assets.id),
  district: text('district'),
  dueDate: date('due_date'),
  state: text('state', { enum: ['planned', 'started', 'inspection-created', 'completed', 'deleted'] }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  version: version(),
});

export const assignments = pgTable('assignments', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  assignedTo: uuid('assigned_to').references(() => users.id),
  scheduledDate: date('scheduled_date'),
  status: text('status', { enum: ['unassigned', 'assigned', 'in-progress', 'done', 'cancelled'] }).notNull(),
  version: version(),
});

export const assignmentTasks = pgTable(
  'assignment_tasks',
  {
    assignmentId: id('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    taskId: id('task_id')
      .notNull()
      .references(() => tasks.id),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.taskId] })],
);

export const inspectionSessions = pgTable('inspection_sessions', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  assignmentId: id('assignment_id').references(() => assignments.id),
  operatorId: uuid('operator_id').references(() => users.id),
  camera: text('camera'),
  startedAt: tz('started_at').notNull(),
  endedAt: tz('ended_at'),
  status: text('status', { enum: ['open', 'closed'] }).notNull(),
  version: version(),
});

export const inspections = pgTable('inspections', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  assetId: id('asset_id')
    .notNull()
    .references(() => assets.id),
  taskId: id('task_id').references(() => tasks.id),
  sessionId: id('session_id').references(() => inspectionSessions.id),
  standardId: text('standard_id')
    .notNull()
    .references(() => standards.id),
  direction: text('direction', { enum: ['downstream', 'upstream'] }),
  startNodeId: id('start_node_id').references(() => assets.id),
  inspectedAt: tz('inspected_at').notNull(),
  weather: text('weather'),
  preCleaning: boolean('pre_cleaning'),
  lengthSurveyedM: doublePrecision('length_surveyed_m'),
  status: text('status', { enum: ['incomplete', 'pending', 'completed'] }).notNull(),
  review: text('review', { enum: ['accepted', 'rejected'] }),
  reviewedBy: uuid('reviewed_by').references(() => users.id),
  reviewedAt: tz('reviewed_at'),
  header: jsonb('header').notNull().default({}),
  strPeak: smallint('str_peak'),
  strRating: integer('str_rating'),
  strIndex: doublePrecision('str_index'),
  strQuick: text('str_quick'),
  omPeak: smallint('om_peak'),
  omRating: integer('om_rating'),
  omIndex: doublePrecision('om_index'),
  omQuick: text('om_quick'),
  createdBy: uuid('created_by').references(() => users.id),
  version: version(),
});

export const media = pgTable('media', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  ownerType: text('owner_type').notNull(),
  ownerId: id('owner_id').notNull(),
  kind: text('kind', { enum: ['image', 'video', 'document', 'fusion'] }).notNull(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  sha256: text('sha256').notNull(),
  sizeBytes: id('size_bytes').notNull(),
  durationMs: integer('duration_ms'),
  createdAt: tz('created_at').notNull().defaultNow(),
  thumbnailKey: text('thumbnail_key'),
  version: version(),
});

export const observations = pgTable('observations', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  inspectionId: id('inspection_id')
    .notNull()
    .references(() => inspections.id, { onDelete: 'cascade' }),
  standardId: text('standard_id')
    .notNull()
    .references(() => standards.id),
  sequence: integer('sequence').notNull(),
  distanceM: doublePrecision('distance_m').notNull(),
  code: text('code').notNull(),
  characterisation: text('characterisation'),
  quantification1: doublePrecision('quantification1'),
  quantification2: doublePrecision('quantification2'),
  clockFrom: smallint('clock_from'),
  clockTo: smallint('clock_to'),
  atJoint: boolean('at_joint').notNull().default(false),
  continuous: text('continuous', { enum: ['S', 'F'] }),
  continuousGroup: integer('continuous_group'),
  grade: smallint('grade'),
  remark: text('remark'),
  videoMediaId: id('video_media_id').references(() => media.id, { onDelete: 'set null' }),
  videoOffsetMs: integer('video_offset_ms'),
  videoMediaGlobalId: uuid('video_media_global_id'),
  version: version(),
});

export const subjects = pgTable('subjects', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind', { enum: ['lateral-connection', 'root-source', 'hazard', 'note'] }).notNull(),
  label: text('label').notNull(),
  assetId: id('asset_id').references(() => assets.id),
  inspectionId: id('inspection_id').references(() => inspections.id),
  geom: geometry('geom'),
  attributes: jsonb('attributes').notNull().default({}),
  createdAt: tz('created_at').notNull().defaultNow(),
  version: version(),
});

export const connectedSubjects = pgTable('connected_subjects', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  subjectId: id('subject_id')
    .notNull()
    .references(() => subjects.id),
  parentType: text('parent_type').notNull(),
  parentId: id('parent_id').notNull(),
  geom: geometry('geom'),
  formValues: jsonb('form_values').notNull().default({}),
  version: version(),
});

export const locations = pgTable(
  'locations',
  {
    objectType: text('object_type').notNull(),
    objectId: id('object_id').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    altitude: doublePrecision('altitude'),
    horizontalAccuracy: doublePrecision('horizontal_accuracy'),
    source: text('source', { enum: ['collected', 'imported-from-gis'] }).notNull(),
    capturedAt: tz('captured_at'),
    gps: jsonb('gps'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.objectType, t.objectId] })],
);

export const userLocations = pgTable('user_locations', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  longitude: doublePrecision('longitude').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  altitude: doublePrecision('altitude'),
  horizontalAccuracy: doublePrecision('horizontal_accuracy'),
  source: text('source').notNull(),
  capturedAt: tz('captured_at').notNull(),
  gps: jsonb('gps'),
  receivedAt: tz('received_at').notNull().defaultNow(),
});

export const userShortcuts = pgTable(
  'user_shortcuts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['asset', 'inspection'] }).notNull(),
    objectId: id('object_id').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.objectId] })],
);

export const datasets = pgTable('datasets', {
  name: text('name').primaryKey(),
  seed: integer('seed').notNull(),
  params: jsonb('params').notNull(),
  loadedAt: tz('loaded_at').notNull().defaultNow(),
});

// ---- websync (0004) ----
// 0004 also adds users.organization (the sync users list); only websync's SQL reads it, so the users
// mirror above leaves it out and the session check's hand-built rows stay as they are.

export const syncSchedules = pgTable('sync_schedules', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  scenario: text('scenario').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  scheduleText: text('schedule_text').notNull(),
  taskSettings: jsonb('task_settings').notNull(),
  taskSchedule: jsonb('task_schedule').notNull(),
  lastStartTime: tz('last_start_time'),
  nextStartTime: tz('next_start_time'),
  createdAt: tz('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const syncAgentTasks = pgTable('sync_agent_tasks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  scenario: text('scenario').notNull(),
  status: text('status').notNull().default('Scheduled'),
  scheduleId: bigint('schedule_id', { mode: 'number' }).references(() => syncSchedules.id, { onDelete: 'set null' }),
  scheduleName: text('schedule_name'),
  scheduledFor: tz('scheduled_for'),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  login: text('login').notNull(),
  taskSettings: jsonb('task_settings'),
  started: tz('started'),
  finished: tz('finished'),
  currentOperation: text('current_operation'),
  isTransferringMedia: boolean('is_transferring_media').notNull().default(false),
  percentageComplete: integer('percentage_complete').notNull().default(0),
  serverLog: text('server_log').notNull().default(''),
  clientLog: text('client_log').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const syncUserSettings = pgTable('sync_user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
