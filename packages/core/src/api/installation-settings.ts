/**
 * The installation's settings an administrator keeps in the settings edition (issue #21; main-app
 * sections 3 and 7): the general defaults every page loads with, and what the map draws and opens
 * on. Each is read with its version and saved against it, so two administrators cannot overwrite
 * each other unseen. Pages already open keep what they loaded until they restart (section 8,
 * "Structure or settings changed").
 */
import { z } from 'zod';
import { COORDINATE_FORMATS } from '../coordinates-format';
import type { Wgs84Extent } from '../domain/extent';
import { LICENCE_WARNING_DAYS } from './licensing';
import { AccuracySettings, Basemap, STILL_IMAGE_FORMATS, type MapSettings } from './settings';

export const LICENCE_WARNING_DAYS_MAX = 365;
const WARNING_DAYS_MESSAGE = `Between 1 and ${LICENCE_WARNING_DAYS_MAX} days.`;

/** The general settings' values: the installation's defaults. */
export const InstallationGeneralValues = z
  .object({
    /** What users who chose no coordinate format of their own see. */
    coordinateDisplayFormat: z.enum(COORDINATE_FORMATS),
    stillImageFormat: z.enum(STILL_IMAGE_FORMATS),
    accuracy: AccuracySettings.strict(),
    /** How many days before a licence expires every page of its application warns. */
    licenceWarningDays: z
      .number()
      .int('A whole number of days.')
      .min(1, WARNING_DAYS_MESSAGE)
      .max(LICENCE_WARNING_DAYS_MAX, WARNING_DAYS_MESSAGE),
  })
  .strict();
export type InstallationGeneralValues = z.infer<typeof InstallationGeneralValues>;

export const DEFAULT_INSTALLATION_GENERAL: InstallationGeneralValues = {
  coordinateDisplayFormat: 'DecimalDegrees',
  stillImageFormat: 'jpeg',
  accuracy: { threshold: 5, unit: 'm' },
  licenceWarningDays: LICENCE_WARNING_DAYS,
};

/** 0 until an administrator first saves. */
const Version = z.number().int().min(0).max(2_147_483_647);

/** GET api/admin/settings/general. */
export const InstallationGeneral = InstallationGeneralValues.extend({ version: Version });
export type InstallationGeneral = z.infer<typeof InstallationGeneral>;

/** PUT api/admin/settings/general: every value, with the version read (409 when it moved on). */
export const InstallationGeneralUpdate = InstallationGeneral;
export type InstallationGeneralUpdate = z.infer<typeof InstallationGeneralUpdate>;

export const BASEMAPS_MAX = 20;
export const BASEMAP_KIND_NAMES = { none: 'No basemap', xyz: 'XYZ tiles', wmts: 'WMTS', wms: 'WMS' } as const;

/** Works with no internet: the "no basemap" choice is always there, first, and the default. */
export const DEFAULT_MAP_SETTINGS: MapSettings = {
  basemaps: [
    { id: 'none', name: 'No basemap', kind: 'none' },
    {
      id: 'osm',
      name: 'OpenStreetMap',
      kind: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    },
  ],
  defaultBasemapId: 'none',
  initialExtent: [-180, -85, 180, 85],
};

/** The offline choice first, whatever an administrator stored: the map must work with no internet. */
export function withOfflineBasemapFirst(basemaps: readonly Basemap[]): Basemap[] {
  const none = basemaps.find((b) => b.kind === 'none') ?? DEFAULT_MAP_SETTINGS.basemaps[0]!;
  return [none, ...basemaps.filter((b) => b !== none)];
}

/** A margin around the network, so its outermost assets are not drawn on the map's edge. */
const EXTENT_MARGIN = 0.05;

/** The extent the map opens on when it opens on the whole network. */
export function networkStartExtent([west, south, east, north]: Wgs84Extent): Wgs84Extent {
  const dx = Math.max(east - west, 0.001) * EXTENT_MARGIN;
  const dy = Math.max(north - south, 0.001) * EXTENT_MARGIN;
  return [Math.max(-180, west - dx), Math.max(-90, south - dy), Math.min(180, east + dx), Math.min(90, north + dy)];
}

export const START_EXTENT_RANGE_MESSAGE = 'Longitudes lie between -180 and 180, latitudes between -90 and 90.';
export const START_EXTENT_ORDER_MESSAGE = 'West must be less than east, and south less than north.';

/** The box the map opens on: a real area, west of east and south of north. */
export const StartExtent = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .superRefine(([west, south, east, north], ctx) => {
    if ([west, east].some((v) => v < -180 || v > 180) || [south, north].some((v) => v < -90 || v > 90)) {
      ctx.addIssue({ code: 'custom', message: START_EXTENT_RANGE_MESSAGE });
    } else if (west >= east || south >= north) {
      ctx.addIssue({ code: 'custom', message: START_EXTENT_ORDER_MESSAGE });
    }
  });

/** A field of a basemap and what is wrong with it. */
export interface BasemapProblem {
  field: keyof Basemap;
  message: string;
}

/** OpenLayers' subdomain ranges, like https://{a-c}.tile.example.org. */
const SUBDOMAIN_RANGE = /\{[a-z0-9]-[a-z0-9]\}/gi;
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/i;
const ID_PATTERN = /^[a-z0-9][a-z0-9_-]*$/i;

/** The address a template stands for (placeholders kept), when it is an http(s) one. */
function parseAddress(url: string): URL | null {
  try {
    const parsed = new URL(url.replace(SUBDOMAIN_RANGE, 'a'));
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

const hasAll = (url: string, tokens: readonly string[]) => tokens.every((t) => url.includes(t));
const XYZ_TOKENS = ['{z}', '{x}', '{y}'] as const;
const WMTS_TOKENS = ['{TileMatrix}', '{TileCol}', '{TileRow}'] as const;

const URL_MISSING: Record<Exclude<Basemap['kind'], 'none'>, string> = {
  xyz: 'Enter the tile address, with {z}, {x} and {y} where the tile numbers go.',
  wmts: 'Enter the WMTS service address, or a tile template with {TileMatrix}, {TileCol} and {TileRow}.',
  wms: 'Enter the WMS service address.',
};

/** Whether a WMTS basemap is a tile template (REST) rather than a service address (KVP). */
export const isWmtsTemplate = (url: string | undefined) => url?.includes('{') ?? false;

/** What keeps a basemap from being drawn: each problem at its field. The 'none' basemap has none. */
export function basemapProblems(basemap: Basemap): BasemapProblem[] {
  const problems: BasemapProblem[] = [];
  const add = (field: keyof Basemap, message: string) => problems.push({ field, message });
  if (!ID_PATTERN.test(basemap.id)) add('id', 'Letters, digits, - and _ only, starting with a letter or a digit.');
  if (basemap.name.trim() === '') add('name', 'Enter a name.');
  if (basemap.format !== undefined && !IMAGE_TYPE.test(basemap.format)) {
    add('format', 'An image type, such as image/png or image/jpeg.');
  }
  if (basemap.kind === 'none') return problems;

  const url = basemap.url?.trim() ?? '';
  const address = url === '' ? null : parseAddress(url);
  if (url === '') add('url', URL_MISSING[basemap.kind]);
  else if (!address) add('url', 'Use an http:// or https:// address.');
  else if (address.username || address.password) add('url', 'An address without a user name or password.');
  else if (basemap.kind === 'xyz' && !hasAll(url, XYZ_TOKENS)) {
    add('url', 'The address needs {z}, {x} and {y} where the tile numbers go.');
  } else if (basemap.kind === 'wmts' && isWmtsTemplate(url) && !hasAll(url, WMTS_TOKENS) && !hasAll(url, XYZ_TOKENS)) {
    add('url', 'A WMTS tile template needs {TileMatrix}, {TileCol} and {TileRow}.');
  } else if (basemap.kind === 'wms' && url.includes('{')) {
    add('url', 'A WMS address has no {…} placeholders: the map adds the GetMap parameters itself.');
  }

  const blank = (value: string | undefined) => (value?.trim() ?? '') === '';
  if (basemap.kind === 'wms' && blank(basemap.layer)) add('layer', 'Name the WMS layers to draw (LAYERS).');
  if (basemap.kind === 'wmts' && address && !isWmtsTemplate(url)) {
    if (blank(basemap.layer)) add('layer', 'Name the WMTS layer.');
    if (blank(basemap.tileMatrixSet)) {
      add('tileMatrixSet', 'Name the tile matrix set: one on the GoogleMapsCompatible grid (EPSG:3857).');
    }
  }
  return problems;
}

/**
 * The address the map asks a WMTS layer's tiles at, as an XYZ template: a REST template with its
 * placeholders renamed, or a KVP GetTile request on the service address.
 */
export function wmtsTileTemplate(basemap: Basemap): string {
  const url = basemap.url?.trim() ?? '';
  if (isWmtsTemplate(url)) {
    return url
      .replaceAll('{TileMatrix}', '{z}')
      .replaceAll('{TileCol}', '{x}')
      .replaceAll('{TileRow}', '{y}')
      .replaceAll('{TileMatrixSet}', basemap.tileMatrixSet ?? '')
      .replaceAll('{Layer}', basemap.layer ?? '')
      .replaceAll('{Style}', 'default');
  }
  const params = new URLSearchParams({
    SERVICE: 'WMTS',
    REQUEST: 'GetTile',
    VERSION: '1.0.0',
    LAYER: basemap.layer ?? '',
    STYLE: 'default',
    TILEMATRIXSET: basemap.tileMatrixSet ?? '',
    FORMAT: basemap.format ?? 'image/png',
  });
  // The tile numbers go in as placeholders, unencoded.
  return `${url}${url.includes('?') ? '&' : '?'}${params.toString()}&TileMatrix={z}&TileCol={x}&TileRow={y}`;
}

/**
 * Where a basemap's images come from, as a page security policy names a source: the origin, with a
 * subdomain range (https://{a-c}.tile.example.org) as a wildcard. Null for 'none' or a bad address.
 */
export function basemapSource(basemap: Basemap): string | null {
  if (basemap.kind === 'none' || !basemap.url) return null;
  const url = basemap.url.trim();
  const address = parseAddress(url);
  if (!address) return null;
  const host = /^[a-z]+:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  if (!host.includes('{')) return address.origin;
  const [, ...rest] = address.host.split('.');
  return `${address.protocol}//*.${rest.join('.')}`;
}

/**
 * The map settings' values as an administrator edits them, without the rules between fields: what a
 * stored record is read with, so a rule added later does not throw away what was stored before it.
 */
export const InstallationMapFields = z.object({
  basemaps: z.array(Basemap).min(1).max(BASEMAPS_MAX),
  defaultBasemapId: z.string().min(1).max(40),
  /** null: the map opens on the whole network, however it grows. */
  initialExtent: StartExtent.nullable(),
});

function checkMap(values: z.infer<typeof InstallationMapFields>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  let offline = 0;
  values.basemaps.forEach((basemap, index) => {
    for (const { field, message } of basemapProblems(basemap)) {
      ctx.addIssue({ code: 'custom', path: ['basemaps', index, field], message });
    }
    if (seen.has(basemap.id)) {
      ctx.addIssue({ code: 'custom', path: ['basemaps', index, 'id'], message: 'Another basemap has this id.' });
    }
    seen.add(basemap.id);
    if (basemap.kind === 'none' && ++offline > 1) {
      ctx.addIssue({ code: 'custom', path: ['basemaps', index, 'kind'], message: 'Only one "No basemap" choice.' });
    }
  });
  // The offline choice is added when missing, so it may be the default either way.
  const ids = withOfflineBasemapFirst(values.basemaps).map((b) => b.id);
  if (!ids.includes(values.defaultBasemapId)) {
    ctx.addIssue({ code: 'custom', path: ['defaultBasemapId'], message: 'Choose one of the basemaps.' });
  }
}

export const InstallationMapValues = InstallationMapFields.superRefine(checkMap);
export type InstallationMapValues = z.infer<typeof InstallationMapValues>;

/** The map settings until an administrator saves: the default basemaps, opening on the whole network. */
export const DEFAULT_INSTALLATION_MAP: InstallationMapValues = {
  basemaps: DEFAULT_MAP_SETTINGS.basemaps,
  defaultBasemapId: DEFAULT_MAP_SETTINGS.defaultBasemapId,
  initialExtent: null,
};

/** GET api/admin/settings/map: the stored values, their version, and the network's extent for "Use the network's extent". */
export const InstallationMap = InstallationMapFields.extend({
  version: Version,
  /** Where the map opens when initialExtent is null; null while the network is empty. */
  networkExtent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type InstallationMap = z.infer<typeof InstallationMap>;

/** PUT api/admin/settings/map: every value, with the version read (409 when it moved on). */
export const InstallationMapUpdate = InstallationMapFields.extend({ version: Version }).strict().superRefine(checkMap);
export type InstallationMapUpdate = z.infer<typeof InstallationMapUpdate>;
