import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldNotes, useFieldIds } from './field-issue';
import { useRuleField } from './use-rule-form';

interface TextAreaFieldProps<Values extends FieldValues> {
  name: FieldPath<Values>;
  label: string;
  required?: boolean;
  hint?: string;
  /** The most characters it takes (the rule's own maximum): the browser stops the typing there. */
  maxLength?: number;
  rows?: number;
}

/** A labelled text area of the design system bound to a field of the surrounding form (a note, a message). */
export function TextAreaField<Values extends FieldValues>({
  name,
  label,
  required = false,
  hint,
  maxLength,
  rows = 3,
}: TextAreaFieldProps<Values>) {
  const { field, error } = useRuleField<Values>(name);
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  return (
    <div className="form-group">
      <label htmlFor={id} className="active">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={id}
        name={field.name}
        ref={field.ref}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
