import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldNotes, useFieldIds } from './field-issue';
import { useRuleField } from './use-rule-form';

export interface TextFieldProps<Values extends FieldValues> {
  name: FieldPath<Values>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'date';
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  hint?: string;
  /** The earliest and the latest day a date field accepts. */
  min?: string;
  max?: string;
  readOnly?: boolean;
  /** A control shown at the end of the input (the show/hide toggle of a password). */
  addon?: (inputId: string) => ReactNode;
}

/** A labelled input of the design system bound to a field of the surrounding form; required fields carry an asterisk. */
export function TextField<Values extends FieldValues>({
  name,
  label,
  type = 'text',
  required = false,
  autoComplete,
  inputMode,
  hint,
  min,
  max,
  readOnly,
  addon,
}: TextFieldProps<Values>) {
  const { field, error } = useRuleField<Values>(name);
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  const input = (
    <input
      id={id}
      name={field.name}
      ref={field.ref}
      type={type}
      className={`form-control${error ? ' is-invalid' : ''}`}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      autoComplete={autoComplete}
      inputMode={inputMode}
      min={min}
      max={max}
      readOnly={readOnly}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="form-group">
      <label htmlFor={id} className="active">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {addon ? (
        <div className="input-group">
          {input}
          {addon(id)}
        </div>
      ) : (
        input
      )}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
