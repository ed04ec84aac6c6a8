/**
 * The installation's settings an administrator keeps (issue #21): the general defaults every page
 * loads with and what the map draws and opens on. Each is saved against the version read, and each
 * save is audited in its own transaction. Other modules read the values through here (the settings
 * service merges them into what a page loads), so the defaults live in one place.
 */
import {
  basemapSource,
  DEFAULT_INSTALLATION_GENERAL,
  DEFAULT_INSTALLATION_MAP,
  InstallationGeneralValues,
  InstallationMapFields,
  networkStartExtent,
  withOfflineBasemapFirst,
  type InstallationGeneral,
  type InstallationGeneralUpdate,
  type InstallationMap,
  type InstallationMapUpdate,
  type InstallationMapValues,
} from '@manway/core/api/installation-settings';
import type { Basemap } from '@manway/core/api/settings';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { fail } from '../../errors';
import type { AuditActor, AuditService } from '../audit/service';
import type { InstallationSettingsRepository } from './repository';

/** Where the map settings learn the network's extent (the map module's service). */
export interface NetworkExtentSource {
  networkExtent(): Promise<Wgs84Extent | null>;
}

/** What the settings service reads of the installation's settings. */
export type InstallationDefaults = Pick<InstallationSettingsService, 'generalValues' | 'mapValues'>;

const SUMMARY_MAX = 1000;

/** A stored general record, field by field: a value that no longer validates falls back to its default alone. */
function generalFrom(stored: unknown): InstallationGeneralValues {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const shape = InstallationGeneralValues.shape;
  const pick = <K extends keyof InstallationGeneralValues>(key: K): InstallationGeneralValues[K] => {
    const parsed = shape[key].safeParse(raw[key]);
    return parsed.success ? (parsed.data as InstallationGeneralValues[K]) : DEFAULT_INSTALLATION_GENERAL[key];
  };
  return {
    coordinateDisplayFormat: pick('coordinateDisplayFormat'),
    stillImageFormat: pick('stillImageFormat'),
    accuracy: pick('accuracy'),
    licenceWarningDays: pick('licenceWarningDays'),
  };
}

function mapFrom(stored: unknown): InstallationMapValues {
  const parsed = InstallationMapFields.safeParse(stored);
  if (!parsed.success) return DEFAULT_INSTALLATION_MAP;
  const basemaps = withOfflineBasemapFirst(parsed.data.basemaps);
  const defaultBasemapId = basemaps.some((b) => b.id === parsed.data.defaultBasemapId)
    ? parsed.data.defaultBasemapId
    : basemaps[0]!.id;
  return { basemaps, defaultBasemapId, initialExtent: parsed.data.initialExtent };
}

/** The fields each kind of basemap is drawn with; the rest are not stored. */
const BASEMAP_FIELDS: Record<Basemap['kind'], readonly (keyof Basemap)[]> = {
  none: [],
  xyz: ['url', 'attribution', 'maxZoom'],
  wmts: ['url', 'layer', 'tileMatrixSet', 'format', 'attribution', 'maxZoom'],
  wms: ['url', 'layer', 'format', 'attribution', 'maxZoom'],
};

/** A basemap as stored: trimmed, without empty or foreign fields. */
function cleanBasemap(basemap: Basemap): Basemap {
  const clean: Basemap = { id: basemap.id, name: basemap.name.trim(), kind: basemap.kind };
  for (const field of BASEMAP_FIELDS[basemap.kind]) {
    const value = basemap[field];
    if (typeof value === 'string' && value.trim() !== '') Object.assign(clean, { [field]: value.trim() });
    if (typeof value === 'number') Object.assign(clean, { [field]: value });
  }
  return clean;
}

const GENERAL_LABELS = {
  coordinateDisplayFormat: 'coordinate format',
  stillImageFormat: 'still image format',
  'accuracy.threshold': 'GPS accuracy threshold',
  'accuracy.unit': 'GPS accuracy unit',
  licenceWarningDays: 'licence warning days',
} as const;

function flatGeneral(values: InstallationGeneralValues): Record<keyof typeof GENERAL_LABELS, unknown> {
  return {
    coordinateDisplayFormat: values.coordinateDisplayFormat,
    stillImageFormat: values.stillImageFormat,
    'accuracy.threshold': values.accuracy.threshold,
    'accuracy.unit': values.accuracy.unit,
    licenceWarningDays: values.licenceWarningDays,
  };
}

type Changes = Record<string, { from: unknown; to: unknown }>;

function generalChanges(before: InstallationGeneralValues, after: InstallationGeneralValues): Changes {
  const [from, to] = [flatGeneral(before), flatGeneral(after)];
  const changes: Changes = {};
  for (const key of Object.keys(GENERAL_LABELS) as (keyof typeof GENERAL_LABELS)[]) {
    if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] };
  }
  return changes;
}

const extentText = (extent: Wgs84Extent | null) =>
  extent ? `[${extent.map((v) => Number(v.toFixed(5))).join(', ')}]` : 'the whole network';

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function mapChanges(before: InstallationMapValues, after: InstallationMapValues): { changes: Changes; said: string[] } {
  const changes: Changes = {};
  const said: string[] = [];
  if (before.defaultBasemapId !== after.defaultBasemapId) {
    changes.defaultBasemapId = { from: before.defaultBasemapId, to: after.defaultBasemapId };
    said.push(`default basemap ${before.defaultBasemapId} → ${after.defaultBasemapId}`);
  }
  if (JSON.stringify(before.initialExtent) !== JSON.stringify(after.initialExtent)) {
    changes.initialExtent = { from: before.initialExtent, to: after.initialExtent };
    said.push(`start extent ${extentText(before.initialExtent)} → ${extentText(after.initialExtent)}`);
  }
  const was = new Map(before.basemaps.map((b) => [b.id, b]));
  const is = new Map(after.basemaps.map((b) => [b.id, b]));
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const id of new Set([...was.keys(), ...is.keys()])) {
    const [from, to] = [was.get(id), is.get(id)];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[`basemaps.${id}`] = { from: from ?? null, to: to ?? null };
    counts[!from ? 'added' : !to ? 'removed' : 'changed'] += 1;
  }
  for (const [what, n] of Object.entries(counts)) if (n > 0) said.push(`${plural(n, 'basemap')} ${what}`);
  const order = (values: InstallationMapValues) =>
    values.basemaps.map((b) => b.id).filter((id) => was.has(id) && is.has(id));
  if (order(before).join() !== order(after).join()) {
    changes.basemapOrder = { from: before.basemaps.map((b) => b.id), to: after.basemaps.map((b) => b.id) };
    said.push('basemaps reordered');
  }
  return { changes, said };
}

const summaryOf = (what: string, said: string[]) => {
  const summary = `${what}: ${said.join('; ') || 'saved unchanged'}`;
  return summary.length <= SUMMARY_MAX ? summary : `${summary.slice(0, SUMMARY_MAX - 1)}…`;
};

export class InstallationSettingsService {
  constructor(
    private readonly repo: InstallationSettingsRepository,
    private readonly audit: Pick<AuditService, 'record'>,
    private readonly network: NetworkExtentSource,
  ) {}

  /** The general settings as stored, their defaults where nothing is. */
  async generalValues(): Promise<InstallationGeneralValues> {
    return generalFrom((await this.repo.read('general'))?.value);
  }

  async general(): Promise<InstallationGeneral> {
    const stored = await this.repo.read('general');
    return { ...generalFrom(stored?.value), version: stored?.version ?? 0 };
  }

  async saveGeneral(actor: AuditActor, update: InstallationGeneralUpdate): Promise<InstallationGeneral> {
    const stored = await this.repo.read('general');
    if (update.version !== (stored?.version ?? 0)) throw fail.conflict();
    const before = generalFrom(stored?.value);
    const { version, ...values } = update;
    const changes = generalChanges(before, values);
    const said = Object.entries(changes).map(
      ([key, { from, to }]) => `${GENERAL_LABELS[key as keyof typeof GENERAL_LABELS]} ${String(from)} → ${String(to)}`,
    );
    const saved = await this.repo.save('general', values, version, (tx) =>
      this.audit.record(
        actor,
        {
          action: 'settings.updated',
          objectType: 'settings',
          objectId: 'general',
          summary: summaryOf('General settings', said),
          changes,
        },
        tx,
      ),
    );
    if (saved === 'conflict') throw fail.conflict();
    return { ...values, version: saved };
  }

  /** The map settings as stored (the offline choice first), the defaults where nothing is. */
  async mapValues(): Promise<InstallationMapValues> {
    return mapFrom((await this.repo.read('map'))?.value);
  }

  async map(): Promise<InstallationMap> {
    const [stored, network] = await Promise.all([this.repo.read('map'), this.network.networkExtent()]);
    return {
      ...mapFrom(stored?.value),
      version: stored?.version ?? 0,
      networkExtent: network ? networkStartExtent(network) : null,
    };
  }

  async saveMap(actor: AuditActor, update: InstallationMapUpdate): Promise<InstallationMap> {
    const [stored, network] = await Promise.all([this.repo.read('map'), this.network.networkExtent()]);
    if (update.version !== (stored?.version ?? 0)) throw fail.conflict();
    const before = mapFrom(stored?.value);
    const values: InstallationMapValues = {
      basemaps: withOfflineBasemapFirst(update.basemaps).map(cleanBasemap),
      defaultBasemapId: update.defaultBasemapId,
      initialExtent: update.initialExtent,
    };
    const { changes, said } = mapChanges(before, values);
    const saved = await this.repo.save('map', values, update.version, (tx) =>
      this.audit.record(
        actor,
        {
          action: 'settings.updated',
          objectType: 'settings',
          objectId: 'map',
          summary: summaryOf('Map settings', said),
          changes,
        },
        tx,
      ),
    );
    if (saved === 'conflict') throw fail.conflict();
    return { ...values, version: saved, networkExtent: network ? networkStartExtent(network) : null };
  }

  /**
   * The plain-http sources of the configured basemaps, for the pages' security policy (https ones
   * are allowed as a whole already).
   */
  async httpBasemapSources(): Promise<string[]> {
    const sources = (await this.mapValues()).basemaps.map(basemapSource);
    return [...new Set(sources.filter((s): s is string => s !== null && s.startsWith('http:')))];
  }
}
