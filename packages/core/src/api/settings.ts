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

/** The largest GPS accuracy threshold an administrator may set, in either unit. */
export const ACCURACY_THRESHOLD_MAX = 1000;
export const ACCURACY_UNITS = ['m', 'ft'] as const;

export const AccuracySettings = z.object({
  /** A GPS fix whose horizontal accuracy is worse than this asks 'Use these coordinates anyway?'. */
  threshold: z
    .number()
    .positive('A number above 0.')
    .max(ACCURACY_THRESHOLD_MAX, `At most ${ACCURACY_THRESHOLD_MAX.toLocaleString('en')}.`),
  unit: z.enum(ACCURACY_UNITS),
});
export type AccuracySettings = z.infer<typeof AccuracySettings>;

/** The format still images taken from a video are saved in. */
export const STILL_IMAGE_FORMATS = ['jpeg', 'png'] as const;

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
  stillImageFormat: z.enum(STILL_IMAGE_FORMATS),
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

/**
 * What the map draws under the network: nothing (works offline), XYZ tiles, a WMTS layer or a WMS
 * service, all on the Web Mercator grid (EPSG:3857). The rules an administrator's basemap must meet
 * are in installation-settings.ts.
 */
export const BASEMAP_KINDS = ['none', 'xyz', 'wmts', 'wms'] as const;
export type BasemapKind = (typeof BASEMAP_KINDS)[number];
export const Basemap = z.object({
  /** What a user's settings remember as their basemap. */
  id: z.string().min(1).max(40),
  name: z.string().max(100),
  kind: z.enum(BASEMAP_KINDS),
  /**
   * xyz: a tile address with {z}, {x} and {y}; wmts: the service address (KVP GetTile), or a tile
   * template with {TileMatrix}, {TileCol} and {TileRow}; wms: the service address.
   */
  url: z.string().max(2000).optional(),
  /** wms: the LAYERS to draw (comma-separated); wmts: the layer. */
  layer: z.string().max(500).optional(),
  /** wmts: the tile matrix set, one on the GoogleMapsCompatible grid (EPSG:3857). */
  tileMatrixSet: z.string().max(200).optional(),
  /** wms and wmts: the image type asked for; image/png when absent. */
  format: z.string().max(60).optional(),
  attribution: z.string().max(500).optional(),
  /** The deepest zoom the source has tiles for; the map enlarges those beyond it. */
  maxZoom: z.number().int().min(0, 'Between 0 and 24.').max(24, 'Between 0 and 24.').optional(),
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
