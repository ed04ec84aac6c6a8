/**
 * The SQL of bulk-loading a generated network: secondary indexes dropped before and built after,
 * COPY on PostgreSQL, multi-row INSERTs in transactions on PGlite.
 */
import type { AssetRecord } from '../demo/demo-town';
import { SCALE_ID_BASE } from '../demo/scale-network';
import { insertRows } from '../../db/bulk';
import type { Connection, Database } from '../../db/connection';
import { sql } from '../../db/sql';
import { ASSET_COLUMNS, assetRow } from '../demo/asset-rows';

/** The secondary indexes of assets (as in migrations 0002, 0003 and 0008), rebuilt after a bulk load. */
export const ASSET_INDEXES: [name: string, create: string][] = [
  ['assets_geom_idx', 'CREATE INDEX assets_geom_idx ON assets USING gist (geom)'],
  ...(['node', 'section', 'lateral'] as const).map((t): [string, string] => [
    `assets_geom_${t}_idx`,
    `CREATE INDEX assets_geom_${t}_idx ON assets USING gist (geom) WHERE object_type = '${t}'`,
  ]),
  [
    'assets_code_prefix_idx',
    'CREATE INDEX assets_code_prefix_idx ON assets (object_type, (lower(asset_code) COLLATE "C"))',
  ],
  ...(['node', 'section', 'lateral'] as const).map((t): [string, string] => [
    `assets_code_trgm_${t}_idx`,
    `CREATE INDEX assets_code_trgm_${t}_idx ON assets USING gin (lower(asset_code) gin_trgm_ops) WHERE object_type = '${t}'`,
  ]),
  ['assets_from_node_idx', 'CREATE INDEX assets_from_node_idx ON assets (from_node_id) WHERE from_node_id IS NOT NULL'],
  ['assets_to_node_idx', 'CREATE INDEX assets_to_node_idx ON assets (to_node_id) WHERE to_node_id IS NOT NULL'],
  [
    'assets_parent_section_idx',
    'CREATE INDEX assets_parent_section_idx ON assets (parent_section_id) WHERE parent_section_id IS NOT NULL',
  ],
];

export const COPY_ASSETS_SQL = `COPY assets (${ASSET_COLUMNS.join(', ')}) FROM STDIN`;

/** One row in COPY's text format. */
export function copyLine(values: readonly unknown[]): string {
  return (
    values
      .map((v) =>
        v === null || v === undefined
          ? '\\N'
          : String(v).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!),
      )
      .join('\t') + '\n'
  );
}

export function assetCopyLine(a: AssetRecord): string {
  return copyLine(assetRow(a));
}

export interface AssetSink {
  write(batch: AssetRecord[], lines: string[]): Promise<void>;
  end(): Promise<void>;
}

export interface BulkLoadTimes {
  loadSeconds: number;
  /** Foreign keys validated and secondary indexes built after loading. */
  indexSeconds: number;
}

export class ScaleRepository {
  constructor(private readonly db: Database) {}

  get kind() {
    return this.db.kind;
  }

  async scaleAssetCount(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM assets WHERE id >= ${SCALE_ID_BASE}`,
    );
    return row?.n ?? 0;
  }

  /**
   * One transaction: the foreign keys and secondary indexes of assets are dropped, the previous
   * generated network deleted when `reset`, `fill` streams rows into the sink, then the keys are
   * validated in bulk and the indexes built. A failure, or a killed process, rolls all of it back.
   * The assets table is locked meanwhile.
   */
  bulkLoad(
    reset: boolean,
    fill: (sink: AssetSink) => Promise<void>,
    onIndex: (name: string, seconds: number) => void = () => {},
  ): Promise<BulkLoadTimes> {
    return this.db.transaction(async (conn) => {
      const keys = await conn.query<{ name: string; def: string }>(sql`
        SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conrelid = 'assets'::regclass AND contype = 'f' ORDER BY conname
      `);
      for (const k of keys) await conn.exec(`ALTER TABLE assets DROP CONSTRAINT ${k.name}`);
      for (const [name] of ASSET_INDEXES) await conn.exec(`DROP INDEX IF EXISTS ${name}`);
      if (reset) {
        await conn.query(sql`
          DELETE FROM locations WHERE object_id >= ${SCALE_ID_BASE} AND object_type IN ('node', 'section', 'lateral')
        `);
        await conn.query(sql`DELETE FROM user_shortcuts WHERE kind = 'asset' AND object_id >= ${SCALE_ID_BASE}`);
        await conn.query(sql`DELETE FROM assets WHERE id >= ${SCALE_ID_BASE}`);
      }
      const loadStarted = performance.now();
      const sink = conn.kind === 'postgres' ? copySink(conn) : insertSink(conn);
      try {
        await fill(sink);
      } finally {
        await sink.end();
      }
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const indexStarted = performance.now();
      for (const k of keys) {
        const started = performance.now();
        await conn.exec(`ALTER TABLE assets ADD CONSTRAINT ${k.name} ${k.def}`);
        onIndex(k.name, (performance.now() - started) / 1000);
      }
      for (const [name, create] of ASSET_INDEXES) {
        const started = performance.now();
        await conn.exec(create);
        onIndex(name, (performance.now() - started) / 1000);
      }
      await conn.exec('ANALYZE assets');
      return { loadSeconds, indexSeconds: (performance.now() - indexStarted) / 1000 };
    });
  }

  /** Baseline for the benchmark: a raw COPY of the same lines into a table without constraints or indexes. */
  async rawCopySeconds(lines: Iterable<string>, indexed: boolean): Promise<number> {
    await this.db.exec(`DROP TABLE IF EXISTS bench_raw_assets`);
    await this.db.exec(
      indexed
        ? `CREATE TABLE bench_raw_assets (LIKE assets INCLUDING ALL)`
        : `CREATE UNLOGGED TABLE bench_raw_assets AS SELECT ${ASSET_COLUMNS.join(', ')} FROM assets WITH NO DATA`,
    );
    const started = performance.now();
    await this.db.copyFrom(COPY_ASSETS_SQL.replace('COPY assets', 'COPY bench_raw_assets'), lines);
    const seconds = (performance.now() - started) / 1000;
    await this.db.exec(`DROP TABLE bench_raw_assets`);
    return seconds;
  }

  async recordDataset(seed: number, params: unknown): Promise<void> {
    await this.db.query(sql`
      INSERT INTO datasets (name, seed, params) VALUES ('scale', ${seed}, ${JSON.stringify(params)}::jsonb)
      ON CONFLICT (name) DO UPDATE SET seed = EXCLUDED.seed, params = EXCLUDED.params, loaded_at = now()
    `);
  }
}

/** PGlite: multi-row INSERTs on the loading transaction. */
function insertSink(conn: Connection): AssetSink {
  return {
    write: (batch) => insertRows(conn, 'assets', ASSET_COLUMNS, batch.map(assetRow), { geom: 'geometry' }),
    end: async () => {},
  };
}

/** PostgreSQL: one COPY fed through a short queue of line batches, so generating and loading overlap. */
function copySink(conn: Connection): AssetSink {
  const queue: string[][] = [];
  let wake: (() => void) | undefined;
  let done = false;
  async function* source(): AsyncGenerator<string> {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next.join('');
        continue;
      }
      if (done) return;
      await new Promise<void>((r) => (wake = r));
    }
  }
  const copying = conn.copyFrom(COPY_ASSETS_SQL, source());
  let failed: unknown;
  copying.catch((e: unknown) => (failed = e));
  const nudge = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  return {
    async write(_batch, lines) {
      if (failed) throw failed;
      queue.push(lines);
      nudge();
      // Back-pressure: let the copy drain before generating far ahead of it.
      while (queue.length > 4 && !failed) await new Promise((r) => setImmediate(r));
    },
    async end() {
      done = true;
      nudge();
      await copying;
    },
  };
}
