/** Drizzle table definitions mirroring the SQL migrations (the migrations are the source of truth). */
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
});

export const licences = pgTable('licences', {
  application: text('application', { enum: ['web-office', 'web-inspect', 'web-settings', 'web-websync'] }).primaryKey(),
  seats: integer('seats').notNull(),
  editing: boolean('editing').notNull().default(false),
  expiresAt: tz('expires_at'),
});
