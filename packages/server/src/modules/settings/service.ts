/**
 * General, user and map settings, and which applications a user may open. The general settings call
 * is the first call of every edition, so it also reports database state and licensing problems.
 */
import {
  AccuracySettings,
  DEFAULT_USER_SETTINGS,
  InspectionProfile,
  MapSettings,
  UserSettings,
  type Application,
  type GeneralSettings,
  type InspectionStandard,
  type UserSettingsUpdate,
} from '@manway/core/api/settings';
import { LICENCE_APPLICATION_NAMES, LICENCE_WARNING_DAYS } from '@manway/core/api/licensing';
import { EDITION_BASE_PATHS, EDITION_NAMES, EDITIONS, type Edition } from '@manway/core/editions';
import { hasEditorPermissions, hasReviewPermission, isGuest, mayOpenEdition } from '@manway/core/roles';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { checkDatabase } from '../../db/state';
import { fail, FORBIDDEN_PAGE } from '../../errors';
import type { CurrentUser } from '../users/service';
import type { LicenceRow, SettingsRepository } from './repository';

const DAY_MS = 86_400_000;

const MediaSettings = z.object({ stillImageFormat: z.enum(['jpeg', 'png']) });
const DEFAULT_MEDIA = { stillImageFormat: 'jpeg' as const };
const DEFAULT_ACCURACY: AccuracySettings = { threshold: 5, unit: 'm' };

/** Works with no internet: the "no basemap" choice is always first and the default. */
export const DEFAULT_MAP_SETTINGS: MapSettings = {
  basemaps: [
    { id: 'none', name: 'No basemap', kind: 'none' },
    {
      id: 'osm',
      name: 'OpenStreetMap',
      kind: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    },
  ],
  defaultBasemapId: 'none',
  initialExtent: [-180, -85, 180, 85],
};

function isExpired(licence: LicenceRow, now: Date): boolean {
  return licence.expiresAt !== null && licence.expiresAt.getTime() <= now.getTime();
}

export function licenceWarning(licence: LicenceRow, now: Date): string | null {
  if (!licence.expiresAt) return null;
  const date = licence.expiresAt.toISOString().slice(0, 10);
  const name = LICENCE_APPLICATION_NAMES[licence.application];
  if (licence.expiresAt.getTime() <= now.getTime()) return `The Manway ${name} licence expired on ${date}.`;
  if (licence.expiresAt.getTime() - now.getTime() <= LICENCE_WARNING_DAYS * DAY_MS) {
    return `The Manway ${name} licence expires on ${date}.`;
  }
  return null;
}

/** Where the map settings learn the network's extent (the map module's service). */
export interface NetworkExtentSource {
  networkExtent(): Promise<[west: number, south: number, east: number, north: number] | null>;
}

/** A margin around the network so the outermost assets are not drawn on the map's edge. */
const EXTENT_MARGIN = 0.05;

/** The offline choice first, whatever an administrator stored: the map must work with no internet. */
export function withOfflineBasemapFirst(basemaps: MapSettings['basemaps']): MapSettings['basemaps'] {
  const none = basemaps.find((b) => b.kind === 'none') ?? DEFAULT_MAP_SETTINGS.basemaps[0]!;
  return [none, ...basemaps.filter((b) => b !== none)];
}

export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly db: Database,
    private readonly network: NetworkExtentSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async general(user: CurrentUser, edition: Edition | undefined): Promise<GeneralSettings> {
    const state = await checkDatabase(this.db);
    if (!state.ok) throw fail.coded(state.code, state.detail);
    const licence = edition ? await this.repo.licence(edition) : undefined;
    if (edition) {
      if (!licence) {
        throw fail.coded(
          'licensing/application-is-not-registered',
          `The application ${EDITION_NAMES[edition]} is not registered.`,
        );
      }
      if (!mayOpenEdition(user, edition)) throw fail.forbidden(FORBIDDEN_PAGE);
    }
    const [objectTypes, prefs, system, editing] = await Promise.all([
      this.repo.objectTypes(),
      this.userSettings(user),
      this.repo.systemSettings(['media', 'gps-accuracy']),
      // The Office edits only with an Office editing licence of its own (main-app section 6).
      edition === 'web-office' ? this.repo.licence('web-office-editing') : Promise.resolve(licence),
    ]);
    const media = system['media'];
    const accuracy = system['gps-accuracy'];
    return {
      user: {
        login: user.login,
        displayName: user.displayName,
        hasEditorPermissions: hasEditorPermissions(user.role),
        hasReviewPermissions: hasReviewPermission(user),
      },
      mode: editing && editing.editing && !isExpired(editing, this.now()) ? 'editor' : 'viewer',
      objectTypes,
      coordinateDisplayFormat: prefs.coordinateDisplayFormat,
      licenseWarning:
        [licence, edition === 'web-office' ? editing : undefined]
          .map((l) => (l ? licenceWarning(l, this.now()) : null))
          .filter((w) => w !== null)
          .join(' ') || null,
      stillImageFormat: MediaSettings.catch(DEFAULT_MEDIA).parse(media ?? DEFAULT_MEDIA).stillImageFormat,
      accuracySettings: AccuracySettings.catch(DEFAULT_ACCURACY).parse(accuracy ?? DEFAULT_ACCURACY),
      isGuest: isGuest(user.role),
    };
  }

  /**
   * Stored preferences over the defaults, the inspection profile's too (settings stored before
   * profiles have none); a stored value that no longer validates falls back to them.
   */
  async userSettings(user: CurrentUser): Promise<UserSettings> {
    const stored = ((await this.repo.userSettings(user.id)) ?? {}) as Partial<Record<keyof UserSettings, unknown>>;
    const profile = InspectionProfile.safeParse({
      ...DEFAULT_USER_SETTINGS.inspectionProfile,
      ...(stored.inspectionProfile as object),
    });
    const merged = UserSettings.safeParse({
      ...DEFAULT_USER_SETTINGS,
      ...stored,
      inspectionProfile: profile.success ? profile.data : DEFAULT_USER_SETTINGS.inspectionProfile,
    });
    return merged.success ? merged.data : DEFAULT_USER_SETTINGS;
  }

  /**
   * Replaces the user's preferences; a request without the inspection profile keeps the stored one.
   * A newly chosen standard must be one new inspections can be made under; one chosen before and
   * since removed does not stop the rest from being saved (the map sends back what it read).
   */
  async saveUserSettings(user: CurrentUser, update: UserSettingsUpdate): Promise<UserSettings> {
    const stored = await this.userSettings(user);
    const given = update.inspectionProfile ?? stored.inspectionProfile;
    const inspectionProfile = { ...given, camera: given.camera || null };
    const standardId = inspectionProfile.standardId;
    if (
      standardId !== null &&
      standardId !== stored.inspectionProfile.standardId &&
      (await this.repo.inspectionStandards(standardId)).length === 0
    ) {
      throw fail.field('inspectionProfile.standardId', `There is no standard "${standardId}" with an inspection form.`);
    }
    const settings: UserSettings = { ...update, inspectionProfile };
    await this.repo.saveUserSettings(user.id, settings);
    return settings;
  }

  /** What the user's new inspections and sessions start with. */
  async inspectionProfile(user: CurrentUser): Promise<InspectionProfile> {
    return (await this.userSettings(user)).inspectionProfile;
  }

  /** The standards an inspection profile may name. */
  async inspectionStandards(): Promise<InspectionStandard[]> {
    return (await this.repo.inspectionStandards()).map(({ id, name, version }) => ({ id, name, version }));
  }

  /** Basemaps as configured (the defaults otherwise); the map opens on the whole network. */
  async map(): Promise<MapSettings> {
    const [storedRaw, network] = await Promise.all([this.repo.systemSetting('map'), this.network.networkExtent()]);
    const stored = MapSettings.safeParse(storedRaw);
    const settings = stored.success ? stored.data : DEFAULT_MAP_SETTINGS;
    const basemaps = withOfflineBasemapFirst(settings.basemaps);
    const defaultBasemapId = basemaps.some((b) => b.id === settings.defaultBasemapId)
      ? settings.defaultBasemapId
      : basemaps[0]!.id;
    let initialExtent = settings.initialExtent;
    if (network) {
      const [west, south, east, north] = network;
      const dx = Math.max(east - west, 0.001) * EXTENT_MARGIN;
      const dy = Math.max(north - south, 0.001) * EXTENT_MARGIN;
      initialExtent = [
        Math.max(-180, west - dx),
        Math.max(-90, south - dy),
        Math.min(180, east + dx),
        Math.min(90, north + dy),
      ];
    }
    return { basemaps, defaultBasemapId, initialExtent };
  }

  async applications(user: CurrentUser): Promise<Application[]> {
    const registered = new Set((await this.repo.licences()).map((l) => l.application));
    return EDITIONS.filter((e) => registered.has(e)).map((e) => ({
      id: e,
      name: EDITION_NAMES[e],
      basePath: EDITION_BASE_PATHS[e],
      available: mayOpenEdition(user, e),
    }));
  }
}
