import type { Database } from '../../db/connection';
import { sql } from '../../db/sql';

export type Queryable = Pick<Database, 'query'>;

/** The keys of the installation's settings in system_settings. */
export type InstallationSettingKey = 'general' | 'map';

export interface StoredSetting {
  value: unknown;
  version: number;
}

/** The installation's settings rows (system_settings), each written against the version read. */
export class InstallationSettingsRepository {
  constructor(private readonly db: Pick<Database, 'query' | 'transaction'>) {}

  async read(key: InstallationSettingKey): Promise<StoredSetting | undefined> {
    const [row] = await this.db.query<StoredSetting>(
      sql`SELECT value, version FROM system_settings WHERE key = ${key}`,
    );
    return row;
  }

  /**
   * Stores `value` when the stored version is still `version` (0: nothing stored yet) and runs `also`
   * in the same transaction (the audit entry). Answers the new version, or 'conflict' when another
   * save came first.
   */
  save(
    key: InstallationSettingKey,
    value: unknown,
    version: number,
    also: (tx: Queryable) => Promise<void>,
  ): Promise<number | 'conflict'> {
    const json = JSON.stringify(value);
    return this.db.transaction(async (tx) => {
      const [row] =
        version === 0
          ? await tx.query<{ version: number }>(sql`
              INSERT INTO system_settings (key, value) VALUES (${key}, ${json}::jsonb)
              ON CONFLICT (key) DO NOTHING
              RETURNING version
            `)
          : await tx.query<{ version: number }>(sql`
              UPDATE system_settings SET value = ${json}::jsonb, version = version + 1, updated_at = now()
              WHERE key = ${key} AND version = ${version}
              RETURNING version
            `);
      if (!row) return 'conflict';
      await also(tx);
      return row.version;
    });
  }
}
