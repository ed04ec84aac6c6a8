import { z } from 'zod';
import { COORDINATE_FORMATS } from '../coordinates-format';
import { EDITIONS } from '../editions';
import { Wgs84Extent } from '../domain/extent';
import { INSPECTION_DIRECTIONS } from '../domain/types';

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

/**
 * What a crew member's new inspections and sessions start with (main-app §2 "User profile"); a null
 * leaves the server's own default (the demo standard, downstream, no camera). What a request or a
 * task's project names comes before the profile.
 */
export const InspectionProfile = z
  .object({
    standardId: z.string().min(1).max(40).nullable(),
    camera: z.string().trim().max(200).nullable(),
    direction: z.enum(INSPECTION_DIRECTIONS).nullable(),
  })
  .strict();
export type InspectionProfile = z.infer<typeof InspectionProfile>;

export const DEFAULT_INSPECTION_PROFILE: InspectionProfile = { standardId: null, camera: null, direction: null };

/** What a user may change about their own experience; persisted per user. */
export const UserSettings = z
  .object({
    coordinateDisplayFormat: z.enum(COORDINATE_FORMATS),
    basemapId: z.string().min(1).max(100).nullable(),
    visibleLayers: z.array(z.string().min(1).max(100)).max(200),
    language: z.enum(['en']),
    inspectionProfile: InspectionProfile,
  })
  .strict();
export type UserSettings = z.infer<typeof UserSettings>;

/**
 * PUT api/settings/user: the whole settings, except that a client from before inspection profiles
 * (an open tab of an older release) may leave the profile out, and the stored one is kept.
 */
export const UserSettingsUpdate = UserSettings.extend({ inspectionProfile: InspectionProfile.optional() }).strict();
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdate>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  coordinateDisplayFormat: 'DecimalDegrees',
  basemapId: null,
  visibleLayers: [],
  language: 'en',
  inspectionProfile: DEFAULT_INSPECTION_PROFILE,
};

/** A standard an inspection profile may name: one with an inspection form. */
export const InspectionStandard = z.object({ id: z.string(), name: z.string(), version: z.string() });
export type InspectionStandard = z.infer<typeof InspectionStandard>;
export const InspectionStandards = z.array(InspectionStandard);

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
