import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldNotes, useFieldIds } from './field-issue';
import { useRuleField } from './use-rule-form';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

interface RadioGroupFieldProps<Values extends FieldValues> {
  name: FieldPath<Values>;
  /** The question the choices answer: the group's legend. */
  legend: ReactNode;
  options: ReadonlyArray<RadioOption>;
  required?: boolean;
  hint?: string;
}

/**
 * A choice of one among a few, as radio buttons of the design system in a fieldset named by its legend, bound to a field
 * of the surrounding form; its issue is read with each button.
 */
export function RadioGroupField<Values extends FieldValues>({
  name,
  legend,
  options,
  required = false,
  hint,
}: RadioGroupFieldProps<Values>) {
  const { field, error } = useRuleField<Values>(name);
  const ids = useFieldIds(hint, error);
  const group = useId();
  return (
    <fieldset className="mb-4" aria-required={required || undefined}>
      <legend className="h6 mb-3">
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((option, index) => {
        const id = `${group}-${index}`;
        return (
          <div className="form-check" key={option.value}>
            <input
              id={id}
              type="radio"
              name={field.name}
              // The first button takes the focus when the form sends the keyboard to this field.
              ref={index === 0 ? field.ref : undefined}
              value={option.value}
              checked={field.value === option.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={ids.describedBy}
            />
            <label htmlFor={id}>{option.label}</label>
          </div>
        );
      })}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </fieldset>
  );
}
