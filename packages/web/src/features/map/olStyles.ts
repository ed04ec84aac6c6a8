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
  OUTLINE_COLOUR,
  SELECTION_COLOUR,
  type FeatureLook,
  type MapLayerId,
} from './styleTable';
import { polygonFor } from './symbols';

const cache = new Map<string, Style[]>();

function pointImage(look: FeatureLook & { symbol: { kind: 'point' } }, fill: string, outline: string, extra = 0) {
  const { shape, radius } = look.symbol;
  const stroke = new Stroke({ color: outline, width: 1.5 + extra / 2 });
  const polygon = polygonFor(shape, radius + extra);
  if (!polygon) return new CircleStyle({ radius: radius + extra, fill: new Fill({ color: fill }), stroke });
  return new RegularShape({ ...polygon, fill: new Fill({ color: fill }), stroke });
}

function lookStyles(look: FeatureLook, selected: boolean): Style[] {
  const key = `${JSON.stringify(look)}|${selected}`;
  let styles = cache.get(key);
  if (styles) return styles;
  if (look.symbol.kind === 'point') {
    const point = look as FeatureLook & { symbol: { kind: 'point' } };
    styles = selected
      ? [
          new Style({ image: pointImage(point, 'rgba(28,109,208,0.25)', SELECTION_COLOUR, 5), zIndex: 10 }),
          new Style({ image: pointImage(point, look.colour, OUTLINE_COLOUR), zIndex: 11 }),
        ]
      : [new Style({ image: pointImage(point, look.colour, OUTLINE_COLOUR) })];
  } else {
    const { width, dash } = look.symbol;
    const lineDash = dash ? [...dash] : undefined;
    styles = [
      ...(selected
        ? [new Style({ stroke: new Stroke({ color: SELECTION_COLOUR, width: width + 8 }), zIndex: 10 })]
        : []),
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

/** The style function of one asset layer; `isSelected` marks the feature the user clicked. */
export function assetStyle(layer: MapLayerId, isSelected: (feature: FeatureLike) => boolean) {
  return (feature: FeatureLike, resolution: number): Style[] => {
    const look = featureLook(
      layer,
      String(feature.get('subtype')),
      (feature.get('conditionGrade') as number | null | undefined) ?? null,
    );
    const styles = lookStyles(look, isSelected(feature));
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
