import { z } from 'zod';
import { COORDINATE_FORMATS } from '../coordinates-format';
import { EDITIONS } from '../editions';
import { Wgs84Extent } from '../domain/extent';

export const CONNECTIVITY_TYPES = ['Node', 'Section', 'Lateral', 'Area', 'Point'] as const;

export const ObjectTypeSummary = z.object({
  typeName: z.string(),
  connectivityType: z.enum(CONNECTIVITY_TYPES),
});

export const AccuracySettings = z.object({
  /** A GPS fix whose horizontal accuracy is worse than this asks 'Use these coordinates anyway?'. */
  threshold: z.number().positive(),
  unit: z.enum(['m', 'ft']),
});
export type AccuracySettings = z.infer<typeof AccuracySettings>;

export const GeneralSettings = z.object({
  user: z.object({
    login: z.string(),
    displayName: z.string(),
    hasEditorPermissions: z.boolean(),
    /** May accept and reject inspections (core's hasReviewPermission). */
    hasReviewPermissions: z.boolean(),
  }),
  mode: z.enum(['editor', 'viewer']),
  objectTypes: z.array(ObjectTypeSummary),
  coordinateDisplayFormat: z.enum(COORDINATE_FORMATS),
  licenseWarning: z.string().nullable(),
  stillImageFormat: z.enum(['jpeg', 'png']),
  accuracySettings: AccuracySettings,
  isGuest: z.boolean(),
});
export type GeneralSettings = z.infer<typeof GeneralSettings>;

/** What a user may change about their own experience; persisted per user. */
export const UserSettings = z
  .object({
    coordinateDisplayFormat: z.enum(COORDINATE_FORMATS),
    basemapId: z.string().min(1).max(100).nullable(),
    visibleLayers: z.array(z.string().min(1).max(100)).max(200),
    language: z.enum(['en']),
  })
  .strict();
export type UserSettings = z.infer<typeof UserSettings>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  coordinateDisplayFormat: 'DecimalDegrees',
  basemapId: null,
  visibleLayers: [],
  language: 'en',
};

export const BASEMAP_KINDS = ['none', 'xyz', 'wmts', 'wms'] as const;
export const Basemap = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(BASEMAP_KINDS),
  url: z.string().optional(),
  layer: z.string().optional(),
  attribution: z.string().optional(),
});
export type Basemap = z.infer<typeof Basemap>;

export const MapSettings = z.object({
  basemaps: z.array(Basemap),
  defaultBasemapId: z.string(),
  initialExtent: Wgs84Extent,
});
export type MapSettings = z.infer<typeof MapSettings>;

export const Application = z.object({
  id: z.enum(EDITIONS),
  name: z.string(),
  basePath: z.string(),
  /** Whether the signed-in user may open it. */
  available: z.boolean(),
});
export const Applications = z.array(Application);
export type Application = z.infer<typeof Application>;
