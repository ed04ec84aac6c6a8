import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Edition } from '@manway/core/editions';
import type { Orm } from '../../db/connection';
import { licences, objectTypes, systemSettings, userSettings } from '../../db/schema';

export type LicenceRow = typeof licences.$inferSelect;

export class SettingsRepository {
  constructor(private readonly orm: Orm) {}

  async systemSetting(key: string): Promise<unknown> {
    return (await this.systemSettings([key]))[key];
  }

  async systemSettings(keys: string[]): Promise<Record<string, unknown>> {
    const rows = await this.orm
      .select({ key: systemSettings.key, value: systemSettings.value })
      .from(systemSettings)
      .where(inArray(systemSettings.key, keys));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async userSettings(userId: string): Promise<unknown> {
    const [row] = await this.orm
      .select({ data: userSettings.data })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return row?.data;
  }

  async saveUserSettings(userId: string, data: unknown): Promise<void> {
    await this.orm
      .insert(userSettings)
      .values({ userId, data })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { data, version: sql`${userSettings.version} + 1`, updatedAt: sql`now()` },
      });
  }

  objectTypes() {
    return this.orm
      .select({ typeName: objectTypes.typeName, connectivityType: objectTypes.connectivityType })
      .from(objectTypes)
      .orderBy(asc(objectTypes.sortOrder));
  }

  licences(): Promise<LicenceRow[]> {
    return this.orm.select().from(licences);
  }

  async licence(edition: Edition): Promise<LicenceRow | undefined> {
    const [row] = await this.orm.select().from(licences).where(eq(licences.application, edition));
    return row;
  }

  /** Registers every edition on a new installation; existing rows are kept. */
  async registerLicences(rows: LicenceRow[]): Promise<void> {
    await this.orm.insert(licences).values(rows).onConflictDoNothing();
  }
}
