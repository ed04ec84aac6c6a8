import { GRADE_STYLES, LAYER_LABELS, MAP_LAYERS, SUBTYPE_STYLES, type MapLayerId } from '../styleTable';
import { LegendSymbol } from './LegendSymbol';

/** Symbols of subtypes are shown in this neutral colour; the colour itself tells the grade. */
export const LEGEND_NEUTRAL_COLOUR = '#52606d';

/** Written from the style table the map draws with: every symbol and colour here is one on the map. */
export function Legend({ visibleLayers }: { visibleLayers: ReadonlySet<MapLayerId> }) {
  const layers = MAP_LAYERS.filter((l) => visibleLayers.has(l));
  return (
    <section className="mw-legend" aria-labelledby="mw-legend-title">
      <h2 id="mw-legend-title" className="mw-map__panel-title">
        Legend
      </h2>
      <h3 className="mw-legend__group">Condition grade</h3>
      <ul className="mw-legend__list">
        {GRADE_STYLES.map((g) => (
          <li key={String(g.grade)} className="mw-legend__item" data-testid="legend-grade">
            <LegendSymbol symbol={{ kind: 'point', shape: 'circle', radius: 6 }} colour={g.colour} />
            <span>{g.label}</span>
          </li>
        ))}
      </ul>
      {layers.map((layer) => (
        <div key={layer}>
          <h3 className="mw-legend__group">{LAYER_LABELS[layer]}</h3>
          <ul className="mw-legend__list">
            {SUBTYPE_STYLES.filter((s) => s.layer === layer).map((s) => (
              <li key={s.subtype} className="mw-legend__item" data-testid="legend-subtype">
                <LegendSymbol symbol={s.symbol} colour={LEGEND_NEUTRAL_COLOUR} />
                <span>{s.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
