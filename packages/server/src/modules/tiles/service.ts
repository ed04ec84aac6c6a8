/**
 * Vector tiles of the network, cached in memory by the network's data version: the version is read
 * first on every request, so an edit (which bumps it in its own transaction) is seen at once, and a
 * tile cached under a version is never older than that version's data.
 */
import { tileIsThinned, tileShowsType, type TileParams } from '@manway/core/api/tiles';
import { LRUCache } from 'lru-cache';
import { AppError, fail } from '../../errors';
import type { ObjectsService } from '../objects/service';
import { encodeTile } from './encode';
import type { TilesRepository } from './repository';

export interface Tile {
  /** A strong validator: the data version and the tile's address. */
  etag: string;
  /** The encoded tile; empty when no asset of the layer meets it. */
  body: Uint8Array;
}

export interface TilesOptions {
  /** Whether PostGIS encodes the tile (ST_AsMVT); false encodes in process. Defaults to what the database can. */
  encodeInDatabase?: boolean;
  /** The most bytes of tiles kept in memory. */
  cacheBytes?: number;
}

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

export class TilesService {
  private readonly cache: LRUCache<string, Uint8Array>;
  private readonly encodeInDatabase: boolean;
  /** The newest data version seen; the cache holds tiles of it only. */
  private cachedVersion = 0n;

  constructor(
    private readonly repo: TilesRepository,
    private readonly objects: ObjectsService,
    options: TilesOptions = {},
  ) {
    this.encodeInDatabase = options.encodeInDatabase ?? repo.encodesInDatabase;
    this.cache = new LRUCache({
      maxSize: options.cacheBytes ?? DEFAULT_CACHE_BYTES,
      // Empty tiles are the commonest and cost a key; count them as a little.
      sizeCalculation: (body) => Math.max(body.byteLength, 64),
    });
  }

  /** The layer's type: Node, Section or Lateral in any case, and the plural the URL reads naturally in. */
  private async layer(raw: string) {
    const name = raw.replace(/s$/i, '');
    try {
      const type = await this.objects.resolveType(name, ['asset']);
      if (type.kind === 'asset') return type;
    } catch (error) {
      if (!(error instanceof AppError) || error.problem.kind !== 'validation') throw error;
    }
    throw fail.field('layer', `Unknown layer "${raw}". Layers: Node, Section, Lateral.`);
  }

  /**
   * The tile, or only its ETag when `ifNoneMatch` already names it (the caller answers 304).
   */
  async tile(params: TileParams, ifNoneMatch?: string): Promise<Tile | { etag: string; notModified: true }> {
    const type = await this.layer(params.layer);
    const address = { z: params.z, x: params.x, y: params.y };
    const version = await this.repo.networkVersion();
    const key = `${type.key}/${address.z}/${address.x}/${address.y}`;
    const etag = `"${version}-${key.replaceAll('/', '-')}"`;
    if (matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true };

    // Tiles of older versions will not be asked for again; a request that read an older version
    // (it raced an edit) is answered but neither reads nor fills the cache.
    const current = BigInt(version);
    if (current > this.cachedVersion) {
      this.cache.clear();
      this.cachedVersion = current;
    }
    const cacheable = () => current === this.cachedVersion;
    let body = cacheable() ? this.cache.get(key) : undefined;
    if (!body) {
      const query = { objectType: type.key, ...address, thinned: tileIsThinned(address.z) };
      if (!tileShowsType(type.key, address.z)) body = new Uint8Array();
      else if (this.encodeInDatabase) body = await this.repo.mvtTile(query, type.typeName);
      else body = encodeTile(type.typeName, query, await this.repo.tileFeatures(query));
      if (cacheable()) this.cache.set(key, body);
    }
    return { etag, body };
  }
}
