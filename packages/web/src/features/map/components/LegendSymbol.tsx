import type { SubtypeSymbol } from '../styleTable';
import { OUTLINE_COLOUR } from '../styleTable';
import { polygonFor, polygonPoints } from '../symbols';

const SIZE = 24;
const C = SIZE / 2;

/** One legend swatch, drawn with the same numbers the map uses for the feature. */
export function LegendSymbol({ symbol, colour }: { symbol: SubtypeSymbol; colour: string }) {
  const data = {
    'data-colour': colour,
    'data-symbol':
      symbol.kind === 'point'
        ? `${symbol.shape}:${symbol.radius}`
        : `line:${symbol.width}:${symbol.dash?.join(',') ?? 'solid'}`,
  };
  if (symbol.kind === 'line') {
    return (
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        aria-hidden="true"
        className="mw-legend__swatch"
        {...data}
      >
        <line x1={2} y1={C} x2={SIZE - 2} y2={C} stroke={OUTLINE_COLOUR} strokeWidth={symbol.width + 2} />
        <line
          x1={2}
          y1={C}
          x2={SIZE - 2}
          y2={C}
          stroke={colour}
          strokeWidth={symbol.width}
          strokeDasharray={symbol.dash?.join(' ')}
        />
      </svg>
    );
  }
  const polygon = polygonFor(symbol.shape, symbol.radius);
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      aria-hidden="true"
      className="mw-legend__swatch"
      {...data}
    >
      {polygon ? (
        <polygon points={polygonPoints(polygon, C, C)} fill={colour} stroke={OUTLINE_COLOUR} strokeWidth={1.5} />
      ) : (
        <circle cx={C} cy={C} r={symbol.radius} fill={colour} stroke={OUTLINE_COLOUR} strokeWidth={1.5} />
      )}
    </svg>
  );
}
