import type { ReactNode } from 'react';
import type { GpsPositionValue } from '@manway/core/forms/template';
import { FieldFrame } from './FieldFrame';
import { booleanText, coordinateText, EMPTY_TEXT } from './fieldText';
import { CoordinateInputs } from './LocationField';
import type { FramedFieldProps } from './SelectField';

type GpsDetail = keyof GpsPositionValue;

/** Every GPS field of spec section 3, in its order, with the unit a number is in. */
export const GPS_DETAILS: readonly (readonly [GpsDetail, string, string?])[] = [
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
  ['altitude', 'Altitude', 'm'],
  ['source', 'Source'],
  ['accuracy', 'Accuracy', 'm'],
  ['height', 'Height', 'm'],
  ['fixQuality', 'Fix quality'],
  ['satellites', 'Satellites'],
  ['asnr', 'ASNR'],
  ['hdop', 'HDOP'],
  ['pdop', 'PDOP'],
  ['vdop', 'VDOP'],
  ['localTime', 'Local time'],
  ['utcTime', 'UTC time'],
  ['mode', 'Mode'],
  ['dgpsAge', 'DGPS age', 's'],
  ['dgpsId', 'DGPS ID'],
  ['fix3d', '3D fix'],
];

function detailText(position: GpsPositionValue | null, detail: GpsDetail, unit?: string): string {
  const value = position?.[detail];
  if (value === null || value === undefined || value === '') return EMPTY_TEXT;
  if (typeof value === 'boolean') return booleanText(value);
  if (detail === 'latitude' || detail === 'longitude') return coordinateText(value as number);
  return unit ? `${String(value)} ${unit}` : String(value);
}

export function gpsSummary(position: GpsPositionValue | null): string {
  if (!position || (position.longitude === null && position.latitude === null)) return EMPTY_TEXT;
  const place = `${coordinateText(position.longitude)}, ${coordinateText(position.latitude)}`;
  const accuracy = position.accuracy ?? null;
  return accuracy === null ? place : `${place} ± ${String(accuracy)} m`;
}

export interface GpsPositionFieldProps extends FramedFieldProps {
  value: GpsPositionValue | null;
  /** Only longitude and latitude can be corrected; the fix details are the receiver's. */
  onChange?: (value: GpsPositionValue) => void;
  readOnly: boolean;
}

export function GpsPositionField({ value, onChange, readOnly, ...frame }: GpsPositionFieldProps) {
  let position: ReactNode = <span className="mw-form-field__text">{gpsSummary(value)}</span>;
  if (!readOnly && onChange) {
    position = (
      <CoordinateInputs
        value={value}
        onChange={(location) => onChange({ ...value, ...location })}
        showError={frame.showError}
      />
    );
  }
  return (
    <FieldFrame {...frame} layout="group">
      {() => (
        <>
          {position}
          <details className="mw-gps-details">
            <summary>GPS details</summary>
            <dl className="mw-gps-details__list">
              {GPS_DETAILS.map(([detail, label, unit]) => (
                <div key={detail} className="mw-gps-details__item">
                  <dt>{label}</dt>
                  <dd>{detailText(value, detail, unit)}</dd>
                </div>
              ))}
            </dl>
          </details>
        </>
      )}
    </FieldFrame>
  );
}
