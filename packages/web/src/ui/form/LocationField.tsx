import type { FormLocation } from '@manway/core/forms/template';
import { Button } from '../controls/Button';
import { DecimalField } from '../fields/DecimalField';
import { FieldFrame } from './FieldFrame';
import { COORDINATE_PRECISION } from './fieldText';
import type { FramedFieldProps } from './SelectField';

const LONGITUDE_RULES = { min: -180, max: 180, precision: COORDINATE_PRECISION };
const LATITUDE_RULES = { min: -90, max: 90, precision: COORDINATE_PRECISION };

export interface CoordinateInputsProps {
  value: FormLocation | null;
  onChange: (value: FormLocation) => void;
  showError?: boolean;
}

/** Longitude and latitude in decimal degrees, 5 decimals (spec section 9). */
export function CoordinateInputs({ value, onChange, showError }: CoordinateInputsProps) {
  const longitude = value?.longitude ?? null;
  const latitude = value?.latitude ?? null;
  return (
    <div className="mw-form-field__coordinates">
      <DecimalField
        label="Longitude"
        value={longitude}
        onChange={(next) => onChange({ ...value, longitude: next, latitude })}
        rules={LONGITUDE_RULES}
        showError={showError}
      />
      <DecimalField
        label="Latitude"
        value={latitude}
        onChange={(next) => onChange({ ...value, longitude, latitude: next })}
        rules={LATITUDE_RULES}
        showError={showError}
      />
    </div>
  );
}

export interface LocationFieldProps extends FramedFieldProps {
  value: FormLocation | null;
  onChange: (value: FormLocation) => void;
  /** Offered as 'Pick on map' when the screen has a map to pick on. */
  onPickLocation?: () => void;
}

export function LocationField({ value, onChange, onPickLocation, ...frame }: LocationFieldProps) {
  return (
    <FieldFrame {...frame} layout="group">
      {() => (
        <>
          <CoordinateInputs value={value} onChange={onChange} showError={frame.showError} />
          {onPickLocation && (
            <Button className="mw-form-field__pick" onClick={onPickLocation}>
              Pick on map
            </Button>
          )}
        </>
      )}
    </FieldFrame>
  );
}
