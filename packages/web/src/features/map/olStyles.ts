/** OpenLayers styles written from the style table; cached, since a redraw asks for every feature. */
import type { FeatureLike } from 'ol/Feature';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import RegularShape from 'ol/style/RegularShape';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import {
  CLUSTER_COLOUR,
  featureLook,
  LABEL_MAX_RESOLUTION,
  MEMBER_COLOUR,
  OUTLINE_COLOUR,
  POSITION_COLOUR,
  SELECTION_COLOUR,
  type FeatureLook,
  type MapLayerId,
} from './styleTable';
import { polygonFor } from './symbols';

/** active: the feature whose summary is open; member: one of the features a box selected. */
export type Highlight = 'none' | 'member' | 'active';

const cache = new Map<string, Style[]>();

function pointImage(look: FeatureLook & { symbol: { kind: 'point' } }, fill: string, outline: string, extra = 0) {
  const { shape, radius } = look.symbol;
  const stroke = new Stroke({ color: outline, width: 1.5 + extra / 2 });
  const polygon = polygonFor(shape, radius + extra);
  if (!polygon) return new CircleStyle({ radius: radius + extra, fill: new Fill({ color: fill }), stroke });
  return new RegularShape({ ...polygon, fill: new Fill({ color: fill }), stroke });
}

function lookStyles(look: FeatureLook, highlight: Highlight): Style[] {
  const key = `${JSON.stringify(look)}|${highlight}`;
  let styles = cache.get(key);
  if (styles) return styles;
  const selected = highlight !== 'none';
  // A box can select hundreds: its members get a quieter halo than the one whose summary is open.
  const halo = highlight === 'active' ? SELECTION_COLOUR : MEMBER_COLOUR;
  if (look.symbol.kind === 'point') {
    const point = look as FeatureLook & { symbol: { kind: 'point' } };
    styles = selected
      ? [
          new Style({ image: pointImage(point, 'rgba(28,109,208,0.25)', halo, 5), zIndex: 10 }),
          new Style({ image: pointImage(point, look.colour, OUTLINE_COLOUR), zIndex: 11 }),
        ]
      : [new Style({ image: pointImage(point, look.colour, OUTLINE_COLOUR) })];
  } else {
    const { width, dash } = look.symbol;
    const lineDash = dash ? [...dash] : undefined;
    styles = [
      ...(selected ? [new Style({ stroke: new Stroke({ color: halo, width: width + 8 }), zIndex: 10 })] : []),
      new Style({ stroke: new Stroke({ color: OUTLINE_COLOUR, width: width + 2 }), zIndex: selected ? 11 : 0 }),
      new Style({ stroke: new Stroke({ color: look.colour, width, lineDash }), zIndex: selected ? 12 : 1 }),
    ];
  }
  cache.set(key, styles);
  return styles;
}

function label(text: string): Style {
  return new Style({
    text: new Text({
      text,
      font: '600 12px system-ui, sans-serif',
      offsetY: -14,
      fill: new Fill({ color: '#1f2933' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
    zIndex: 20,
  });
}

/** The style function of one asset layer; `highlightOf` tells how a feature is selected. */
export function assetStyle(layer: MapLayerId, highlightOf: (feature: FeatureLike) => Highlight) {
  return (feature: FeatureLike, resolution: number): Style[] => {
    const look = featureLook(
      layer,
      String(feature.get('subtype')),
      (feature.get('conditionGrade') as number | null | undefined) ?? null,
    );
    const styles = lookStyles(look, highlightOf(feature));
    if (layer === 'Node' && resolution <= LABEL_MAX_RESOLUTION)
      return [...styles, label(String(feature.get('assetId')))];
    return styles;
  };
}

const clusterCache = new Map<number, Style>();

/** Nodes at low zoom: a single node keeps its own style, a group shows how many it holds. */
export function clusterStyle(nodeStyle: ReturnType<typeof assetStyle>) {
  return (feature: FeatureLike, resolution: number): Style[] => {
    const members = feature.get('features') as FeatureLike[];
    if (members.length === 1) return nodeStyle(members[0]!, resolution);
    const size = members.length;
    let style = clusterCache.get(size);
    if (!style) {
      const radius = Math.min(24, 10 + Math.log2(size) * 2.5);
      style = new Style({
        image: new CircleStyle({
          radius,
          fill: new Fill({ color: CLUSTER_COLOUR }),
          stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
        }),
        text: new Text({
          text: String(size),
          font: '600 11px system-ui, sans-serif',
          fill: new Fill({ color: '#fff' }),
        }),
      });
      clusterCache.set(size, style);
    }
    return [style];
  };
}

/** The user's position: a dot in the platform's usual blue, inside a pale circle of its accuracy. */
export function userPositionStyles(): [position: Style, accuracy: Style] {
  return [
    new Style({
      image: new CircleStyle({
        radius: 8,
        fill: new Fill({ color: POSITION_COLOUR }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
      zIndex: 2,
    }),
    new Style({
      fill: new Fill({ color: 'rgba(26,115,232,0.12)' }),
      stroke: new Stroke({ color: 'rgba(26,115,232,0.6)', width: 1.5 }),
      zIndex: 1,
    }),
  ];
}

/** Where a location being edited would go: a pin-like ring that stands out from every asset symbol. */
export function editedLocationStyle(): Style {
  return new Style({
    image: new CircleStyle({
      radius: 10,
      fill: new Fill({ color: 'rgba(214,40,40,0.15)' }),
      stroke: new Stroke({ color: '#d62828', width: 3 }),
    }),
    zIndex: 3,
  });
}

/**
 * A place where the crew has work: a numbered square in the colour of the work's stage, above
 * every asset. Square, so it is never taken for a cluster's round count.
 */
export function workMarkStyle(label: string, colour: string): Style {
  const key = `work|${label}|${colour}`;
  const cached = cache.get(key);
  if (cached) return cached[0]!;
  const style = new Style({
    image: new RegularShape({
      points: 4,
      radius: 16,
      angle: Math.PI / 4,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
    }),
    text: new Text({ text: label, font: '700 13px system-ui, sans-serif', fill: new Fill({ color: '#ffffff' }) }),
    zIndex: 4,
  });
  cache.set(key, [style]);
  return style;
}
