/** Branded ids and units where mixing them up costs (STYLE.md 9), and the network's vocabulary. */
declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

export type AssetId = Brand<number, 'AssetId'>;
export type InspectionId = Brand<number, 'InspectionId'>;
export type Meters = Brand<number, 'Meters'>;

/** Longitude, latitude in degrees (WGS 84, EPSG:4326). */
export type Wgs84Point = readonly [lon: number, lat: number];
/** Easting, northing in metres of a projected grid. */
export type GridPoint = readonly [x: number, y: number];

export const ASSET_TYPES = ['node', 'section', 'lateral'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const NODE_SUBTYPES = ['manhole', 'gully', 'outfall', 'pump-station'] as const;
export const SECTION_SUBTYPES = ['gravity-main', 'rising-main'] as const;
export const LATERAL_SUBTYPES = ['property-lateral'] as const;

export const OBSERVATION_FAMILIES = ['structural', 'operational', 'inventory', 'other'] as const;
export type ObservationFamily = (typeof OBSERVATION_FAMILIES)[number];

export const INSPECTION_STATUSES = ['incomplete', 'pending', 'completed'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const TASK_STATES = ['planned', 'started', 'inspection-created', 'completed', 'deleted'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const ASSIGNMENT_STATUSES = ['unassigned', 'assigned', 'in-progress', 'done', 'cancelled'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const PROJECT_STATUSES = ['planned', 'active', 'completed', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const SEWER_USES = ['sanitary', 'storm', 'combined'] as const;
export type SewerUse = (typeof SEWER_USES)[number];

export const LOCATION_SOURCES = ['collected', 'imported-from-gis'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];
