import { useId } from 'react';
import { COORDINATE_FORMAT_NAMES, COORDINATE_FORMATS, type CoordinateFormat } from '@manway/core/coordinates-format';

/** The user's coordinate display format, one of the spec's four, kept in their settings. */
export function CoordinateFormatPicker({
  value,
  onChange,
}: {
  value: CoordinateFormat;
  onChange(format: CoordinateFormat): void;
}) {
  const id = useId();
  return (
    <span className="mw-coordinate-format">
      <label htmlFor={id}>Coordinate format</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as CoordinateFormat)}>
        {COORDINATE_FORMATS.map((f) => (
          <option key={f} value={f}>
            {COORDINATE_FORMAT_NAMES[f]}
          </option>
        ))}
      </select>
    </span>
  );
}
