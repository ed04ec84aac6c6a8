import type { MapResults } from '@manway/core/api/map';
import type { GeneralSettings } from '@manway/core/api/settings';
import { EDITION_BASE_PATHS, type Edition } from '@manway/core/editions';
import type { BrowserEnvironment } from '../shell/browser';
import type { RuntimeConfig } from '../shell/config';
import type { RootState } from '../shell/store/rootReducer';
import { createShellStore } from '../shell/store/store';
import { FakeServer } from './fakeServer';

export function generalSettings(overrides: Partial<GeneralSettings> = {}): GeneralSettings {
  return {
    user: { login: 'jdoe', displayName: 'Jane Doe', hasEditorPermissions: true, hasReviewPermissions: true },
    mode: 'editor',
    objectTypes: [{ typeName: 'Manhole', connectivityType: 'Node' }],
    coordinateDisplayFormat: 'DecimalDegrees',
    licenseWarning: null,
    stillImageFormat: 'jpeg',
    accuracySettings: { threshold: 5, unit: 'm' },
    isGuest: false,
    ...overrides,
  };
}

/** Records where the app tried to go instead of going there (jsdom cannot navigate). */
export class FakeBrowser implements BrowserEnvironment {
  readonly assigned: string[] = [];
  readonly posted: unknown[] = [];
  reloads = 0;

  constructor(private readonly path = '/office/work/orders?page=2') {}

  currentPath(): string {
    return this.path;
  }

  assign(url: string): void {
    this.assigned.push(url);
  }

  reload(): void {
    this.reloads += 1;
  }

  postToParent(message: unknown): void {
    this.posted.push(message);
  }
}

export function testConfig(edition: Edition = 'web-office'): RuntimeConfig {
  return { baseUrl: EDITION_BASE_PATHS[edition], apiBaseUrl: '/', edition };
}

export interface TestShellOptions {
  edition?: Edition;
  server?: FakeServer;
  browser?: FakeBrowser;
  preloadedState?: Partial<RootState>;
}

/** A real shell store whose only fakes are the network and the browser's navigation. */
export function createTestShell(options: TestShellOptions = {}) {
  const server = options.server ?? new FakeServer();
  const browser = options.browser ?? new FakeBrowser();
  const config = testConfig(options.edition);
  const store = createShellStore({
    config,
    fetch: server.fetch,
    browser,
    sessionId: 'session-under-test',
    preloadedState: options.preloadedState,
  });
  return { store, server, browser, config };
}

/** A map answer of one layer: `shown` point features out of `total` found, under `limit`. */
export function mapAnswer(
  objectType: string,
  shown: number,
  total: number,
  plusFound = false,
  limit = 5000,
): MapResults {
  return {
    type: 'FeatureCollection',
    objectType,
    features: Array.from({ length: shown }, (_, i) => ({
      type: 'Feature' as const,
      id: i + 1,
      geometry: { type: 'Point', coordinates: [8.3, 51.9] },
      properties: { assetId: `L-${i + 1}`, subtype: 'lateral', conditionGrade: null, material: null, sizeMm: null },
    })),
    total,
    plusFound,
    limit,
  };
}
