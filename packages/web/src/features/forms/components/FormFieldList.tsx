import type { FormField, FormLocation, FormValue, FormValues } from '@manway/core/forms/template';
import { FormFieldView, type LookupSearch } from '../../../ui/form/FormFieldView';
import { isFieldWritable, shownFields } from '../formValues';

/**
 * The fields of one tab shown for the values, each drawn by the widget of its kind. `editing` false draws them all as text.
 */
export function FormFieldList({
  fields,
  values,
  editing,
  creating,
  errors,
  serverErrors,
  showAllErrors,
  onChange,
  lookup,
  pickLocation,
}: {
  fields: readonly FormField[];
  values: FormValues;
  editing: boolean;
  creating: boolean;
  /** The page's own validation, field id → message. */
  errors: Readonly<Record<string, string>>;
  /** The server's ModelState of the last save, shown whether or not the field was touched. */
  serverErrors: Readonly<Record<string, string>>;
  /** After a save attempt every error shows, touched or not. */
  showAllErrors: boolean;
  onChange(field: FormField, value: FormValue): void;
  lookup: LookupSearch;
  /** Offered to location fields when the form can pick on a map. */
  pickLocation?(): Promise<FormLocation | null>;
}) {
  return (
    <div className="mw-form__fields">
      {shownFields(fields, values).map((field) => {
        const writable = editing && isFieldWritable(field, creating);
        const serverError = serverErrors[field.id];
        return (
          <FormFieldView
            key={field.id}
            field={field}
            value={values[field.id]}
            onChange={(value) => onChange(field, value)}
            readOnly={!writable}
            error={writable ? (serverError ?? errors[field.id] ?? null) : null}
            showError={showAllErrors || serverError !== undefined}
            lookup={lookup}
            onPickLocation={
              writable && field.kind === 'location' && pickLocation
                ? () => {
                    void pickLocation().then((location) => location && onChange(field, location));
                  }
                : undefined
            }
          />
        );
      })}
    </div>
  );
}
