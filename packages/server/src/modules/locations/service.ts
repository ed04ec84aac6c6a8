/**
 * Object locations: the collected (GPS) or GIS-imported position of an asset or subject, with the full
 * fix. Without a stored location the answer is the object's own geometry, marked imported-from-gis.
 * Changes name the version they read: a stale one answers 409.
 */
import type { GpsFix, LocationUpdate, LocationValue, UserLocationFix } from '@manway/core/api/locations';
import { hasEditorPermissions } from '@manway/core/roles';
import { fail } from '../../errors';
import type { ObjectsService } from '../objects/service';
import type { CurrentUser } from '../users/service';
import type { LocationRow, LocationsRepository } from './repository';

export const EDIT_DENIED = 'Access denied. You have no permissions to edit object.';

export class LocationsService {
  constructor(
    private readonly repo: LocationsRepository,
    private readonly objects: ObjectsService,
  ) {}

  private async target(type: string, id: number) {
    const t = await this.objects.resolveType(type, ['asset', 'subject']);
    const kind = t.kind === 'asset' ? ('asset' as const) : ('subject' as const);
    const objectType = t.kind === 'asset' ? t.key : 'subject';
    const gis = await this.repo.gisPosition(kind, objectType, id);
    if (!gis) throw fail.notFound('Object not found');
    return { kind, objectType, gis };
  }

  async get(type: string, id: number): Promise<LocationValue> {
    const { objectType, gis } = await this.target(type, id);
    const stored = await this.repo.stored(objectType, id);
    if (stored) return toValue(stored);
    if (gis.longitude === null || gis.latitude === null) throw fail.notFound('The object has no location');
    return {
      longitude: gis.longitude,
      latitude: gis.latitude,
      altitude: null,
      horizontalAccuracy: null,
      source: 'imported-from-gis',
      capturedTime: null,
      gps: null,
      version: null,
    };
  }

  async set(user: CurrentUser, type: string, id: number, update: LocationUpdate): Promise<LocationValue> {
    const t = await this.objects.resolveType(type, ['asset', 'subject']);
    // Moving an asset is editing it; a subject's position is field work any non-guest records.
    if (t.kind === 'asset' ? !hasEditorPermissions(user.role) : user.role === 'guest')
      throw fail.forbidden(EDIT_DENIED);
    const { objectType } = await this.target(type, id);
    const write = {
      longitude: update.longitude,
      latitude: update.latitude,
      altitude: update.altitude ?? null,
      horizontalAccuracy: update.horizontalAccuracy ?? null,
      source: update.source,
      capturedTime: update.capturedTime ?? null,
      gps: update.gps ?? null,
      userId: user.id,
    };
    const version =
      update.version === null
        ? await this.repo.insertFirst(objectType, id, write)
        : await this.repo.replace(objectType, id, update.version, write);
    if (version === undefined) throw fail.conflict();
    return this.get(type, id);
  }

  async recordUserFix(user: CurrentUser, fix: UserLocationFix): Promise<{ id: number; receivedAt: string }> {
    const row = await this.repo.insertUserLocation({
      longitude: fix.longitude,
      latitude: fix.latitude,
      altitude: fix.altitude ?? null,
      horizontalAccuracy: fix.horizontalAccuracy ?? null,
      source: fix.source,
      capturedTime: fix.capturedTime,
      gps: fix.gps ?? null,
      userId: user.id,
    });
    return { id: Number(row.id), receivedAt: new Date(row.received_at).toISOString() };
  }
}

function toValue(r: LocationRow): LocationValue {
  return {
    longitude: r.longitude,
    latitude: r.latitude,
    altitude: r.altitude,
    horizontalAccuracy: r.horizontal_accuracy,
    source: r.source,
    capturedTime: r.captured_at === null ? null : new Date(r.captured_at).toISOString(),
    gps: (r.gps as GpsFix | null) ?? null,
    version: r.version,
  };
}
