/**
 * The scale network (`npm run generate -- --assets N`): many independent seeded towns ("tiles") laid
 * out on a square grid of tiles, each tile's outfall joined by a trunk main to the outfall of the
 * tile it drains into (west, or south along the first column), so the whole is one drainage tree.
 * Every asset is a pure function of (seed, tile, index), so tiles can be streamed one at a time.
 */
import { DEMO_TOWN, Town, type AssetRecord } from './demo-town';
import { mix } from './random';

/** Generated assets use ids from here on, apart from the demo town and from assets users create. */
export const SCALE_ID_BASE = 100_000_000;
const TILE_ID_SPAN = 10_000;
const TILE_COLS = 20;
const TILE_ROWS = 20;
/** Tile pitch on the ground, metres: about 1.2 km of streets and a green gap. */
const TILE_PITCH = 1_500;

export interface ScalePlan {
  seed: number;
  assets: number;
  tiles: number;
  /** Tiles per row of the tile grid. */
  side: number;
  perTile: number;
}

export function tileAssetCount(): number {
  const nodes = TILE_COLS * TILE_ROWS;
  return nodes + 1 + (nodes - 1) * 4; // nodes, the trunk main, sections, three laterals per section
}

export function scalePlan(assets: number, seed: number): ScalePlan {
  const perTile = tileAssetCount();
  const tiles = Math.max(1, Math.ceil(assets / perTile));
  return { seed, assets, tiles, side: Math.ceil(Math.sqrt(tiles)), perTile };
}

function tileTown(plan: ScalePlan, t: number): Town {
  const tx = t % plan.side;
  const ty = Math.floor(t / plan.side);
  return new Town({
    ...DEMO_TOWN,
    seed: mix(plan.seed, t),
    cols: TILE_COLS,
    rows: TILE_ROWS,
    origin: [DEMO_TOWN.origin[0] + tx * TILE_PITCH, DEMO_TOWN.origin[1] + ty * TILE_PITCH],
    idBase: SCALE_ID_BASE + t * TILE_ID_SPAN,
    codePrefix: `T${String(t).padStart(4, '0')}-`,
    name: 'Manway County',
    // Outfalls fall 0.5 % along the trunk mains towards tile 0.
    outfallInvertM: 20 + (tx + ty) * TILE_PITCH * 0.005,
  });
}

/** The tile a tile's trunk main drains into: west along its row, or south down the first column. */
export function parentTile(plan: ScalePlan, t: number): number | null {
  const tx = t % plan.side;
  if (t === 0) return null;
  return tx > 0 ? t - 1 : t - plan.side;
}

/** All assets of tile t in loading order: nodes, its trunk main, sections, laterals (parents first). */
export function* tileAssets(plan: ScalePlan, t: number): Generator<AssetRecord> {
  const town = tileTown(plan, t);
  const parent = parentTile(plan, t);
  for (let i = 0; i < town.nodeCount; i++) {
    const node = town.node(i);
    // Only tile 0 reaches a river; the other corners drain on through their trunk mains.
    yield i === 0 && parent !== null ? { ...node, subtype: 'manhole', code: node.code.replace('OF-', 'MH-') } : node;
  }
  if (parent !== null) {
    const from = town.node(0);
    const to = tileTown(plan, parent).node(0);
    const [[x1, y1], [x2, y2]] = [from.coords[0]!, to.coords[0]!];
    const length =
      Math.round(Math.hypot((x2 - x1) * 111_320 * Math.cos((y1 * Math.PI) / 180), (y2 - y1) * 110_574) * 100) / 100;
    yield {
      ...from,
      id: SCALE_ID_BASE + t * TILE_ID_SPAN + TILE_ID_SPAN - 1,
      objectType: 'section',
      subtype: 'gravity-main',
      code: `${town.p.codePrefix}TR-00001`,
      coords: [from.coords[0]!, to.coords[0]!],
      fromNodeId: from.id,
      toNodeId: to.id,
      material: 'concrete',
      shape: 'circular',
      sizeMm: 1200,
      lengthM: length,
      coverLevelM: null,
      invertLevelM: null,
      fromInvertM: from.invertLevelM,
      toInvertM: to.invertLevelM,
      street: 'Trunk sewer',
    };
  }
  for (let k = 0; k < town.sectionCount; k++) yield town.section(k);
  for (let j = 0; j < town.lateralCount; j++) yield town.lateral(j);
}

/** Every asset of the plan, cut off at exactly `plan.assets` (the last tile may be partial). */
export function* scaleAssets(plan: ScalePlan): Generator<AssetRecord> {
  let n = 0;
  for (let t = 0; t < plan.tiles; t++) {
    for (const a of tileAssets(plan, t)) {
      if (n++ >= plan.assets) return;
      yield a;
    }
  }
}
