/**
 * The network's vocabulary, and names for the two kinds of point that are easy to mix up: a WGS 84
 * point in degrees and a projected grid point in metres, so a signature says which one it takes.
 */

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

/** Which way a crew surveys a section or lateral: with the flow or against it. */
export const INSPECTION_DIRECTIONS = ['downstream', 'upstream'] as const;
export type InspectionDirection = (typeof INSPECTION_DIRECTIONS)[number];

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
