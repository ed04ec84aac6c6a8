import { describe, expect, it } from 'vitest';
import type { Basemap } from './settings';
import {
  basemapProblems,
  basemapSource,
  InstallationMapUpdate,
  networkStartExtent,
  wmtsTileTemplate,
} from './installation-settings';

const xyz = (url: string): Basemap => ({ id: 'tiles', name: 'Tiles', kind: 'xyz', url });

describe('what keeps a basemap from being drawn', () => {
  it('an XYZ address must be http(s) and carry {z}, {x} and {y}; subdomain ranges are fine', () => {
    expect(basemapProblems(xyz('https://{a-c}.tile.example.org/{z}/{x}/{y}.png'))).toEqual([]);
    expect(basemapProblems(xyz('https://tile.example.org/{z}/{x}/{y}.png'))).toEqual([]);
    expect(basemapProblems(xyz('https://tile.example.org/{z}/{x}.png'))).toEqual([
      { field: 'url', message: 'The address needs {z}, {x} and {y} where the tile numbers go.' },
    ]);
    expect(basemapProblems(xyz('javascript:alert(1)//{z}{x}{y}'))).toEqual([
      { field: 'url', message: 'Use an http:// or https:// address.' },
    ]);
    expect(basemapProblems(xyz('https://user:secret@tile.example.org/{z}/{x}/{y}.png'))[0]?.field).toBe('url');
  });

  it('WMS needs its layers and no placeholders; WMTS as a service address needs its layer and matrix set', () => {
    const wms: Basemap = { id: 'w', name: 'W', kind: 'wms', url: 'https://wms.example.org/wms' };
    expect(basemapProblems(wms).map((p) => p.field)).toEqual(['layer']);
    expect(basemapProblems({ ...wms, layer: 'a,b', url: 'https://wms.example.org/{z}' }).map((p) => p.field)).toEqual([
      'url',
    ]);
    const wmts: Basemap = { id: 't', name: 'T', kind: 'wmts', url: 'https://wmts.example.org/wmts' };
    expect(basemapProblems(wmts).map((p) => p.field)).toEqual(['layer', 'tileMatrixSet']);
    expect(basemapProblems({ ...wmts, url: 'https://wmts.example.org/{TileMatrix}/{TileRow}/{TileCol}.png' })).toEqual(
      [],
    );
  });

  it('the "No basemap" choice needs only an id and a name; a format must be an image type', () => {
    expect(basemapProblems({ id: 'none', name: 'No basemap', kind: 'none' })).toEqual([]);
    expect(basemapProblems({ ...xyz('https://t.example.org/{z}/{x}/{y}'), format: 'png' })[0]?.field).toBe('format');
  });
});

describe('how the map asks for tiles', () => {
  it('a WMTS service address becomes a KVP GetTile template on the XYZ grid', () => {
    const url = wmtsTileTemplate({
      id: 't',
      name: 'T',
      kind: 'wmts',
      url: 'https://wmts.example.org/wmts?token=abc',
      layer: 'topo',
      tileMatrixSet: 'GoogleMapsCompatible',
    });
    expect(url).toBe(
      'https://wmts.example.org/wmts?token=abc&SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=topo&STYLE=default' +
        '&TILEMATRIXSET=GoogleMapsCompatible&FORMAT=image%2Fpng&TileMatrix={z}&TileCol={x}&TileRow={y}',
    );
  });

  it('a WMTS tile template has its placeholders renamed', () => {
    expect(
      wmtsTileTemplate({
        id: 't',
        name: 'T',
        kind: 'wmts',
        url: 'https://wmts.example.org/{Layer}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png',
        layer: 'topo',
        tileMatrixSet: 'webmercator',
      }),
    ).toBe('https://wmts.example.org/topo/default/webmercator/{z}/{y}/{x}.png');
  });

  it("the page policy's source of a basemap is its origin, a subdomain range a wildcard", () => {
    expect(basemapSource(xyz('http://gis.local:8080/tiles/{z}/{x}/{y}.png'))).toBe('http://gis.local:8080');
    expect(basemapSource(xyz('https://{a-c}.tile.example.org/{z}/{x}/{y}.png'))).toBe('https://*.tile.example.org');
    expect(basemapSource({ id: 'none', name: 'No basemap', kind: 'none' })).toBeNull();
  });

  it('the network start extent has a margin and stays on the globe', () => {
    expect(networkStartExtent([0, 0, 10, 10])).toEqual([-0.5, -0.5, 10.5, 10.5]);
    expect(networkStartExtent([-180, -90, 180, 90])).toEqual([-180, -90, 180, 90]);
  });
});

describe('the map settings an administrator saves', () => {
  const base = {
    basemaps: [{ id: 'none', name: 'No basemap', kind: 'none' as const }],
    defaultBasemapId: 'none',
    initialExtent: null,
    version: 0,
  };
  const issues = (value: unknown) => {
    const parsed = InstallationMapUpdate.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  };

  it('the default must be one of the basemaps; the offline one is always there', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, basemaps: [], defaultBasemapId: 'none' })).toEqual(['basemaps']);
    expect(issues({ ...base, basemaps: [xyz('https://t.example.org/{z}/{x}/{y}')], defaultBasemapId: 'none' })).toEqual(
      [],
    );
    expect(issues({ ...base, defaultBasemapId: 'osm' })).toEqual(['defaultBasemapId']);
  });

  it('the start extent is a real box on the globe', () => {
    expect(issues({ ...base, initialExtent: [5, 51, 6, 52] })).toEqual([]);
    expect(issues({ ...base, initialExtent: [6, 51, 5, 52] })).toEqual(['initialExtent']);
    expect(issues({ ...base, initialExtent: [5, 51, 6, 91] })).toEqual(['initialExtent']);
  });
});
