import { useId } from 'react';
import { DecimalField, type DecimalFieldProps } from '../fields/DecimalField';
import type { SelectOption } from '../select-modal/selection';

export interface SuggestedNumberFieldProps extends Omit<DecimalFieldProps, 'list'> {
  /** The usual values (a standard's pipe sizes, say); any other number can still be typed. */
  options: readonly SelectOption[];
}

/** A number with its usual values offered as suggestions (float and double enum ranges). */
export function SuggestedNumberField({ options, ...props }: SuggestedNumberFieldProps) {
  const listId = useId();
  return (
    <>
      <DecimalField {...props} list={listId} />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.value}
          </option>
        ))}
      </datalist>
    </>
  );
}
