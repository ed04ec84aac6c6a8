import type { LicenceApplication } from '@manway/core/api/licensing';
import type { Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface LicenceRow {
  application: LicenceApplication;
  seats: number;
  editing: boolean;
  expiresAt: Date | null;
}

export interface ObjectTypeRow {
  typeName: string;
  connectivityType: 'Node' | 'Section' | 'Lateral' | 'Area' | 'Point';
}

export interface StandardRow {
  id: string;
  name: string;
  version: string;
}

const LICENCE_COLUMNS = sql.raw(`application, seats, editing, expires_at AS "expiresAt"`);

export class SettingsRepository {
  constructor(private readonly db: Pick<Database, 'query'>) {}

  async userSettings(userId: string): Promise<unknown> {
    const [row] = await this.db.query<{ data: unknown }>(sql`SELECT data FROM user_settings WHERE user_id = ${userId}`);
    return row?.data;
  }

  async saveUserSettings(userId: string, data: unknown): Promise<void> {
    await this.db.query(sql`
      INSERT INTO user_settings (user_id, data) VALUES (${userId}, ${JSON.stringify(data)}::jsonb)
      ON CONFLICT (user_id) DO UPDATE
      SET data = EXCLUDED.data, version = user_settings.version + 1, updated_at = now()
    `);
  }

  /** The standards new inspections can be made under: those with an inspection form; one when `id` is given. */
  inspectionStandards(id?: string): Promise<StandardRow[]> {
    return this.db.query<StandardRow>(sql`
      SELECT s.id, s.name, s.version FROM standards s
      WHERE EXISTS (SELECT 1 FROM form_templates t WHERE t.object_type = 'inspection' AND t.standard_id = s.id)
        AND (${id ?? null}::text IS NULL OR s.id = ${id ?? null})
      ORDER BY s.name, s.id
    `);
  }

  objectTypes(): Promise<ObjectTypeRow[]> {
    return this.db.query<ObjectTypeRow>(sql`
      SELECT type_name AS "typeName", connectivity_type AS "connectivityType" FROM object_types ORDER BY sort_order
    `);
  }

  licences(): Promise<LicenceRow[]> {
    return this.db.query<LicenceRow>(sql`SELECT ${LICENCE_COLUMNS} FROM licences`);
  }

  async licence(application: LicenceApplication): Promise<LicenceRow | undefined> {
    const [row] = await this.db.query<LicenceRow>(
      sql`SELECT ${LICENCE_COLUMNS} FROM licences WHERE application = ${application}`,
    );
    return row;
  }
}
