/**
 * General, user and map settings, and which applications a user may open. The general settings call
 * is the first call of every edition, so it also reports database state and licensing problems.
 */
import {
  DEFAULT_USER_SETTINGS,
  InspectionProfile,
  UserSettings,
  type Application,
  type GeneralSettings,
  type InspectionStandard,
  type MapSettings,
  type UserSettingsUpdate,
} from '@manway/core/api/settings';
import {
  DEFAULT_MAP_SETTINGS,
  networkStartExtent,
  type InstallationGeneralValues,
} from '@manway/core/api/installation-settings';
import { LICENCE_APPLICATION_NAMES, LICENCE_WARNING_DAYS } from '@manway/core/api/licensing';
import { EDITION_BASE_PATHS, EDITION_NAMES, EDITIONS, type Edition } from '@manway/core/editions';
import { hasEditorPermissions, hasReviewPermission, isGuest, mayOpenEdition } from '@manway/core/roles';
import type { Database } from '../../db/connection';
import { checkDatabase } from '../../db/state';
import { fail, FORBIDDEN_PAGE } from '../../errors';
import type { InstallationDefaults, NetworkExtentSource } from '../installation-settings/service';
import type { CurrentUser } from '../users/service';
import type { LicenceRow, SettingsRepository } from './repository';

const DAY_MS = 86_400_000;

function isExpired(licence: LicenceRow, now: Date): boolean {
  return licence.expiresAt !== null && licence.expiresAt.getTime() <= now.getTime();
}

/** The warning every page of a licence's application shows from `warningDays` before its expiry on. */
export function licenceWarning(licence: LicenceRow, now: Date, warningDays = LICENCE_WARNING_DAYS): string | null {
  if (!licence.expiresAt) return null;
  const date = licence.expiresAt.toISOString().slice(0, 10);
  const name = LICENCE_APPLICATION_NAMES[licence.application];
  if (licence.expiresAt.getTime() <= now.getTime()) return `The Manway ${name} licence expired on ${date}.`;
  if (licence.expiresAt.getTime() - now.getTime() <= warningDays * DAY_MS) {
    return `The Manway ${name} licence expires on ${date}.`;
  }
  return null;
}

/**
 * Stored preferences over the defaults, the inspection profile's too (settings stored before
 * profiles have none); a stored value that no longer validates falls back to them. A user who chose
 * no coordinate format sees the installation's.
 */
function mergeUserSettings(storedRaw: unknown, installation: InstallationGeneralValues): UserSettings {
  const stored = (storedRaw ?? {}) as Partial<Record<keyof UserSettings, unknown>>;
  const defaults: UserSettings = {
    ...DEFAULT_USER_SETTINGS,
    coordinateDisplayFormat: installation.coordinateDisplayFormat,
  };
  const profile = InspectionProfile.safeParse({
    ...defaults.inspectionProfile,
    ...(stored.inspectionProfile as object),
  });
  const merged = UserSettings.safeParse({
    ...defaults,
    ...stored,
    inspectionProfile: profile.success ? profile.data : defaults.inspectionProfile,
  });
  return merged.success ? merged.data : defaults;
}

export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly db: Database,
    private readonly network: NetworkExtentSource,
    /** The installation's settings an administrator keeps (the installation-settings module). */
    private readonly installation: InstallationDefaults,
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
    const [objectTypes, stored, installation, editing] = await Promise.all([
      this.repo.objectTypes(),
      this.repo.userSettings(user.id),
      this.installation.generalValues(),
      // The Office edits only with an Office editing licence of its own (main-app section 6).
      edition === 'web-office' ? this.repo.licence('web-office-editing') : Promise.resolve(licence),
    ]);
    const prefs = mergeUserSettings(stored, installation);
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
          .map((l) => (l ? licenceWarning(l, this.now(), installation.licenceWarningDays) : null))
          .filter((w) => w !== null)
          .join(' ') || null,
      stillImageFormat: installation.stillImageFormat,
      accuracySettings: installation.accuracy,
      isGuest: isGuest(user.role),
    };
  }

  /** The user's preferences over the defaults (see mergeUserSettings). */
  async userSettings(user: CurrentUser): Promise<UserSettings> {
    const [stored, installation] = await Promise.all([
      this.repo.userSettings(user.id),
      this.installation.generalValues(),
    ]);
    return mergeUserSettings(stored, installation);
  }

  /**
   * Replaces the user's preferences; a request without the inspection profile keeps the stored one.
   * A newly chosen standard must be one new inspections can be made under; one chosen before and
   * since removed does not stop the rest from being saved (the map sends back what it read).
   */
  async saveUserSettings(user: CurrentUser, update: UserSettingsUpdate): Promise<UserSettings> {
    const [storedRaw, installation] = await Promise.all([
      this.repo.userSettings(user.id),
      this.installation.generalValues(),
    ]);
    const stored = mergeUserSettings(storedRaw, installation);
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
    // Pages send the whole settings back, the installation's format included: kept as no choice, so
    // that a user who never chose a format follows the installation's when an administrator changes it.
    const { coordinateDisplayFormat, ...choices } = settings;
    await this.repo.saveUserSettings(
      user.id,
      coordinateDisplayFormat === installation.coordinateDisplayFormat ? choices : settings,
    );
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

  /**
   * Basemaps as an administrator configured them (the defaults otherwise), the offline choice first;
   * the map opens on the start extent an administrator set, or else on the whole network.
   */
  async map(): Promise<MapSettings> {
    const [settings, network] = await Promise.all([this.installation.mapValues(), this.network.networkExtent()]);
    const initialExtent =
      settings.initialExtent ?? (network ? networkStartExtent(network) : DEFAULT_MAP_SETTINGS.initialExtent);
    return { basemaps: settings.basemaps, defaultBasemapId: settings.defaultBasemapId, initialExtent };
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
