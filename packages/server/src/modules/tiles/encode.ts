/**
 * In-process tile encoding for databases without ST_AsMVT (PGlite): Web Mercator geometry, already
 * clipped to the buffered tile by the query, is mapped to tile units and snapped to the grid the way
 * ST_AsMVTGeom does, and vt-pbf writes the protobuf; a thinned tile (TILE_THIN_MAX_ZOOM) is snapped to
 * its pixels and keeps one feature per pixel path, as MVT_THINNED_TILE_SQL does. See
 * docs/decisions/0009-vector-tiles-encoding.md.
 */
import { TILE_EXTENT, TILE_PIXELS } from '@manway/core/api/tiles';
import { fromGeojsonVt } from 'vt-pbf';
import type { TileFeatureRow } from './repository';

/** Half the side of the Web Mercator square, in metres (the bounds ST_TileEnvelope uses). */
const HALF_WORLD = 20037508.342789244;

type Point = [number, number];

/** A feature as vt-pbf reads it: geometry in tile units, type 1 point, 2 line (per the MVT spec). */
interface TileFeature {
  id: number;
  type: 1 | 2;
  geometry: Point[] | Point[][];
  tags: Record<string, string | number | null>;
}

type Geometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'MultiPoint' | 'LineString'; coordinates: number[][] }
  | { type: 'MultiLineString'; coordinates: number[][][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] };

export function encodeTile(
  layerName: string,
  tile: { z: number; x: number; y: number; thinned: boolean },
  rows: readonly TileFeatureRow[],
): Uint8Array {
  const size = (2 * HALF_WORLD) / 2 ** tile.z;
  const west = -HALF_WORLD + tile.x * size;
  const north = HALF_WORLD - tile.y * size;
  const grid = tile.thinned ? TILE_PIXELS : TILE_EXTENT;
  const unit = TILE_EXTENT / grid;
  // Tile rows count down from the north, so y flips.
  const toTile = (c: number[]): Point => [
    Math.round(((c[0]! - west) / size) * grid) * unit,
    Math.round(((north - c[1]!) / size) * grid) * unit,
  ];

  let features: TileFeature[] = [];
  for (const row of rows) {
    const { points, lines } = collect(JSON.parse(row.geometry) as Geometry);
    const tags = { assetId: row.asset_code, subtype: row.subtype, conditionGrade: row.condition_grade };
    const base = { id: Number(row.id), tags };
    if (points.length) {
      features.push({ ...base, type: 1, geometry: dedupe(points.map(toTile)) });
    } else {
      // A line that snaps to a single grid cell is dropped, as ST_AsMVTGeom drops it.
      const snapped = lines.map((l) => withoutRepeats(l.map(toTile))).filter((l) => l.length >= 2);
      if (snapped.length) features.push({ ...base, type: 2, geometry: snapped });
    }
  }
  if (tile.thinned) features = onePerPath(features);
  if (!features.length) return new Uint8Array();
  // vt-pbf's types name geojson-vt's index, but it reads only the features of a tile.
  return fromGeojsonVt({ [layerName]: { features } } as unknown as Parameters<typeof fromGeojsonVt>[0], {
    version: 2,
    extent: TILE_EXTENT,
  });
}

function collect(g: Geometry, acc = { points: [] as number[][], lines: [] as number[][][] }) {
  switch (g.type) {
    case 'Point':
      acc.points.push(g.coordinates);
      break;
    case 'MultiPoint':
      acc.points.push(...g.coordinates);
      break;
    case 'LineString':
      acc.lines.push(g.coordinates);
      break;
    case 'MultiLineString':
      acc.lines.push(...g.coordinates);
      break;
    case 'GeometryCollection':
      for (const part of g.geometries) collect(part, acc);
      break;
    default: {
      const unexpected: never = g;
      throw new Error(`A network asset has no ${(unexpected as { type: string }).type} geometry`);
    }
  }
  return acc;
}

/** Of features on the same pixels, the one with the worst condition grade, then the lowest id. */
function onePerPath(features: TileFeature[]): TileFeature[] {
  const grade = (f: TileFeature) => (f.tags.conditionGrade === null ? -Infinity : Number(f.tags.conditionGrade));
  const kept = new Map<string, TileFeature>();
  for (const f of features) {
    const key = `${f.type}:${JSON.stringify(f.geometry)}`;
    const held = kept.get(key);
    if (!held || grade(f) > grade(held) || (grade(f) === grade(held) && f.id < held.id)) kept.set(key, f);
  }
  return [...kept.values()];
}

function withoutRepeats(line: Point[]): Point[] {
  return line.filter((p, i) => i === 0 || p[0] !== line[i - 1]![0] || p[1] !== line[i - 1]![1]);
}

function dedupe(points: Point[]): Point[] {
  const seen = new Set<string>();
  return points.filter((p) => !seen.has(`${p[0]},${p[1]}`) && seen.add(`${p[0]},${p[1]}`));
}
