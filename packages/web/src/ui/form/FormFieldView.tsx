/**
 * One field of a form template (core `FormField`), drawn by its kind and, for simple fields, its value
 * model type. The forms feature lays the fields out and owns the values; this only draws one and
 * reports the new value in the shape core validates. Nothing here knows the API: lookups search
 * through the function passed in.
 */
import type { JSX } from 'react';
import type { FormField, FormValue, LookupValue } from '@manway/core/forms/template';
import { Checkbox } from '../controls/Checkbox';
import { DateTimeText } from '../date-time/DateTimeText';
import { DecimalField } from '../fields/DecimalField';
import { IntegerField } from '../fields/IntegerField';
import { TextField } from '../fields/TextField';
import { CodeField, type CodeGroupOf } from './CodeField';
import { DateTimeField } from './DateTimeField';
import { FieldFrame } from './FieldFrame';
import { booleanText, EMPTY_TEXT, locationText, optionLabel, subjectText } from './fieldText';
import {
  booleanOf,
  codesOf,
  gpsPositionOf,
  locationOf,
  lookupOf,
  numberOf,
  subjectLocationOf,
  subjectOf,
  textOf,
} from './formValueShapes';
import { GpsPositionField } from './GpsPositionField';
import { LocationField } from './LocationField';
import { LookupField } from './LookupField';
import { MultiCodeField } from './MultiCodeField';
import { SelectField } from './SelectField';
import { SuggestedNumberField } from './SuggestedNumberField';
import './form.css';

export interface LookupSearch {
  (objectType: string, text: string, assetSubtype?: string): Promise<LookupValue[]>;
}

export interface FormFieldViewProps {
  field: FormField;
  value: FormValue | undefined;
  onChange(value: FormValue): void;
  /** Read-only view (details mode, or readOnly/disabled field): shows the value as text, no input. */
  readOnly: boolean;
  /** The message of the first failing rule, from core validateFormField or the server's ModelState. */
  error?: string | null;
  /** Show the error even if untouched (after a Save attempt). */
  showError?: boolean;
  /** Lookup fields search through this (the feature calls GET api/lookup/{objectType}). */
  lookup?: LookupSearch;
  /** Location fields: the feature may offer picking the point on the map. */
  onPickLocation?(): void;
  /** Code fields: the family an option belongs to; by default the code's first letter says it. */
  groupOf?: CodeGroupOf;
}

/** Spec section 5: "Double-range decimals use precision 2." */
export const DOUBLE_RANGE_PRECISION = 2;

function isShownReadOnly(field: FormField, readOnly: boolean): boolean {
  return readOnly || field.readOnly === true || field.rules.disabled === true || field.kind === 'dateModified';
}

export function FormFieldView(props: FormFieldViewProps): JSX.Element {
  const { field, readOnly } = props;
  if (field.kind === 'placeholder') return <PlaceholderNote field={field} />;
  if (isShownReadOnly(field, readOnly)) return <ReadOnlyField {...props} />;
  return <EditableField {...props} />;
}

function PlaceholderNote({ field }: { field: FormField }) {
  return (
    <div className="mw-form-field mw-form-field--note" role="note" aria-label={field.label}>
      <p className="mw-form-field__note-title">{field.label}</p>
      {field.hint && <p className="mw-field__hint">{field.hint}</p>}
    </div>
  );
}

function EditableField({
  field,
  value,
  onChange,
  error,
  showError,
  lookup,
  onPickLocation,
  groupOf,
}: FormFieldViewProps) {
  const { rules } = field;
  const frame = {
    label: field.label,
    unit: field.unit,
    required: rules.required,
    hint: field.hint,
    error,
    showError,
  };
  const inputFrame = { label: field.label, unit: field.unit, hint: field.hint, error, showError };
  const numberRules = {
    required: rules.required,
    maxLength: rules.maxLength,
    min: rules.min,
    max: rules.max,
    regex: rules.regex,
  };

  switch (field.kind) {
    case 'lookup':
      return (
        <LookupField
          {...frame}
          value={lookupOf(value)}
          onChange={onChange}
          search={lookup}
          objectType={field.lookup?.objectType ?? field.id}
          assetSubtype={field.lookup?.assetSubtype}
        />
      );
    case 'location':
      return <LocationField {...frame} value={locationOf(value)} onChange={onChange} onPickLocation={onPickLocation} />;
    case 'gpsPosition':
      return <GpsPositionField {...frame} value={gpsPositionOf(value)} onChange={onChange} readOnly={false} />;
    case 'subjectConnection':
    case 'subject':
      // Subjects are chosen where observations are recorded, not typed into a form: shown only.
      return (
        <ReadOnlyField field={field} value={value} onChange={onChange} readOnly error={error} showError={showError} />
      );
    case 'simple':
      break;
  }

  switch (field.valueModelType) {
    case 'String':
      return (
        <TextField
          {...inputFrame}
          value={textOf(value)}
          onChange={onChange}
          rules={{ required: rules.required, maxLength: rules.maxLength, regex: rules.regex }}
        />
      );
    case 'DateTimeRange':
      return <DateTimeField {...frame} value={textOf(value)} onChange={onChange} />;
    case 'MappedEnum':
    case 'ModifierEnum':
      return <SelectField {...frame} options={field.options ?? []} value={textOf(value)} onChange={onChange} />;
    case 'CodeEnum':
      return (
        <CodeField
          {...frame}
          options={field.options ?? []}
          value={textOf(value)}
          onChange={onChange}
          groupOf={groupOf}
        />
      );
    case 'MultiCodeEnum':
      return <MultiCodeField {...frame} options={field.options ?? []} value={codesOf(value)} onChange={onChange} />;
    case 'FloatEnumRange':
    case 'DoubleEnumRange':
      return (
        <SuggestedNumberField
          {...inputFrame}
          options={field.options ?? []}
          value={numberOf(value)}
          onChange={onChange}
          rules={{ ...numberRules, precision: rules.precision }}
        />
      );
    case 'DoubleRange':
    case 'GpsAccuracyRange':
    case 'GpsAccuracy':
      return (
        <DecimalField
          {...inputFrame}
          value={numberOf(value)}
          onChange={onChange}
          rules={{ ...numberRules, precision: rules.precision ?? DOUBLE_RANGE_PRECISION }}
        />
      );
    case 'IntegerRange':
      return <IntegerField {...inputFrame} value={numberOf(value)} onChange={onChange} rules={numberRules} />;
    case 'Boolean':
      return (
        <FieldFrame {...frame} layout="group">
          {() => (
            // The frame shows the label; the checkbox keeps it for screen readers only.
            <Checkbox
              label={field.label}
              hideLabel
              checked={booleanOf(value)}
              onChange={(checked) => onChange(checked)}
            />
          )}
        </FieldFrame>
      );
  }
}

/** Every kind as text: '—' when empty, options by their labels, booleans Yes/No. */
function ReadOnlyField({ field, value, error, showError }: FormFieldViewProps) {
  if (field.kind === 'gpsPosition') {
    return (
      <GpsPositionField
        label={field.label}
        hint={field.hint}
        error={error}
        showError={showError}
        value={gpsPositionOf(value)}
        readOnly
      />
    );
  }
  return (
    <FieldFrame
      label={field.label}
      unit={field.unit}
      hint={field.hint}
      error={error}
      showError={showError}
      layout="group"
    >
      {() => (
        <span className="mw-form-field__text">
          <ReadOnlyText field={field} value={value} />
        </span>
      )}
    </FieldFrame>
  );
}

function ReadOnlyText({ field, value }: { field: FormField; value: FormValue | undefined }) {
  switch (field.kind) {
    case 'dateModified':
      return textOf(value) ? <DateTimeText value={textOf(value)} /> : EMPTY_TEXT;
    case 'lookup':
      return lookupOf(value)?.readableId ?? EMPTY_TEXT;
    case 'location':
      return locationText(locationOf(value));
    case 'subject':
      return subjectText(subjectOf(value));
    case 'subjectConnection': {
      const location = subjectLocationOf(value);
      return location ? `${subjectText(subjectOf(value))} · ${locationText(location)}` : subjectText(subjectOf(value));
    }
    default:
      break;
  }
  switch (field.valueModelType) {
    case 'DateTimeRange':
      return textOf(value) ? <DateTimeText value={textOf(value)} /> : EMPTY_TEXT;
    case 'Boolean':
      return typeof value === 'boolean' ? booleanText(value) : EMPTY_TEXT;
    case 'MultiCodeEnum': {
      const codes = codesOf(value);
      return codes.length ? codes.map((id) => optionLabel(field.options, id)).join(', ') : EMPTY_TEXT;
    }
    case 'MappedEnum':
    case 'ModifierEnum':
    case 'CodeEnum': {
      const id = textOf(value);
      return id ? optionLabel(field.options, id) : EMPTY_TEXT;
    }
    default: {
      const number = numberOf(value);
      // The unit is in the label already.
      if (number !== null) return String(number);
      return textOf(value) || EMPTY_TEXT;
    }
  }
}
