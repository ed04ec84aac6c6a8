/**
 * `npm run generate -- --assets N [--seed S] [--reset]`: streams a scale network into the configured
 * database in batches, builds the secondary indexes after loading, and answers a summary with a
 * checksum of every row generated (same seed, same checksum, on either back end).
 */
import { createHash } from 'node:crypto';
import type { AssetRecord } from '../demo/demo-town';
import { scaleAssets, scalePlan } from '../demo/scale-network';
import { assetCopyLine, type ScaleRepository } from './repository';

export interface GenerateOptions {
  assets: number;
  seed: number;
  reset: boolean;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  onIndex?: (name: string, seconds: number) => void;
}

export interface GenerateSummary {
  assets: number;
  tiles: number;
  method: 'COPY' | 'batched INSERT';
  loadSeconds: number;
  indexSeconds: number;
  seconds: number;
  rowsPerSecond: number;
  checksum: string;
}

export class ScaleDataExistsError extends Error {}

export class ScaleService {
  constructor(private readonly repo: ScaleRepository) {}

  async generate(o: GenerateOptions): Promise<GenerateSummary> {
    const plan = scalePlan(o.assets, o.seed);
    const existing = await this.repo.scaleAssetCount();
    if (existing > 0 && !o.reset) {
      throw new ScaleDataExistsError(
        `The database already holds ${existing} generated assets. Run again with --reset to replace them.`,
      );
    }
    const started = performance.now();
    const hash = createHash('sha256');
    const batchSize = o.batchSize ?? 10_000;
    let done = 0;
    const { loadSeconds, indexSeconds } = await this.repo.bulkLoad(
      existing > 0,
      async (sink) => {
        let batch: AssetRecord[] = [];
        let lines: string[] = [];
        const flush = async () => {
          await sink.write(batch, lines);
          done += batch.length;
          o.onProgress?.(done, plan.assets);
          batch = [];
          lines = [];
        };
        for (const asset of scaleAssets(plan)) {
          const line = assetCopyLine(asset);
          hash.update(line);
          batch.push(asset);
          lines.push(line);
          if (batch.length >= batchSize) await flush();
        }
        if (batch.length) await flush();
      },
      o.onIndex,
    );
    await this.repo.recordDataset(o.seed, { assets: plan.assets, tiles: plan.tiles });
    const seconds = (performance.now() - started) / 1000;
    return {
      assets: done,
      tiles: plan.tiles,
      method: this.repo.kind === 'postgres' ? 'COPY' : 'batched INSERT',
      loadSeconds,
      indexSeconds,
      seconds,
      rowsPerSecond: done / seconds,
      checksum: hash.digest('hex'),
    };
  }

  /** How many generated assets the database holds. */
  generatedAssetCount(): Promise<number> {
    return this.repo.scaleAssetCount();
  }

  /**
   * Benchmark baseline: the same rows, generated beforehand, COPYed raw into a bare table; or, with
   * `indexed`, into a table with the assets table's indexes and checks (what any writer pays).
   */
  rawCopySeconds(assets: number, seed: number, indexed = false): Promise<number> {
    const lines: string[] = [];
    for (const a of scaleAssets(scalePlan(assets, seed))) lines.push(assetCopyLine(a));
    return this.repo.rawCopySeconds(lines, indexed);
  }
}
