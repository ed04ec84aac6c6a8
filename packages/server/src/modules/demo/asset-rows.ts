/**
 * A generated asset as a row of the assets table: the demo town and the scale network load the
 * same records, so both loaders write them through these columns.
 */
import type { AssetRecord } from './demo-town';
import { ewkt } from '../../db/bulk';

export const ASSET_COLUMNS = [
  'id',
  'object_type',
  'subtype',
  'asset_code',
  'geom',
  'from_node_id',
  'to_node_id',
  'parent_section_id',
  'chainage_m',
  'clock',
  'material',
  'shape',
  'size_mm',
  'length_m',
  'year_built',
  'owner',
  'use',
  'cover_level_m',
  'invert_level_m',
  'from_invert_m',
  'to_invert_m',
  'street',
  'district',
] as const;

export function assetRow(a: AssetRecord): unknown[] {
  return [
    a.id,
    a.objectType,
    a.subtype,
    a.code,
    ewkt(a.coords),
    a.fromNodeId,
    a.toNodeId,
    a.parentSectionId,
    a.chainageM,
    a.clock,
    a.material,
    a.shape,
    a.sizeMm,
    a.lengthM,
    a.yearBuilt,
    a.owner,
    a.use,
    a.coverLevelM,
    a.invertLevelM,
    a.fromInvertM,
    a.toInvertM,
    a.street,
    a.district,
  ];
}
