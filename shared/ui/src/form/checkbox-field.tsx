import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldIssue, useFieldIds } from './field-issue';
import { useRuleField } from './use-rule-form';

interface CheckboxFieldProps<Values extends FieldValues> {
  /** A field whose value is a boolean: ticked or not. */
  name: FieldPath<Values>;
  label: ReactNode;
  required?: boolean;
}

/** A checkbox of the design system bound to a boolean field of the surrounding form. */
export function CheckboxField<Values extends FieldValues>({
  name,
  label,
  required = false,
}: CheckboxFieldProps<Values>) {
  const { field, error } = useRuleField<Values>(name);
  const { id, issueId, describedBy } = useFieldIds(undefined, error);
  return (
    <div className="form-check mb-4">
      <input
        id={id}
        name={field.name}
        ref={field.ref}
        type="checkbox"
        checked={field.value === true}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {error ? <FieldIssue id={issueId} error={error} /> : null}
    </div>
  );
}
