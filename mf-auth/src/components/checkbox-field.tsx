import type { ReactNode } from 'react';
import type { FieldBinding } from '../hooks/use-form';
import { FieldIssue } from './field-issue';

interface CheckboxFieldProps extends FieldBinding {
  label: ReactNode;
  required?: boolean;
}

/** A checkbox whose form value is 'true' when ticked (see useForm). */
export function CheckboxField({ id, name, value, onChange, onBlur, issue, label, required = false }: CheckboxFieldProps) {
  const issueId = `${id}-issue`;
  return (
    <div className="form-check mb-4">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={value === 'true'}
        onChange={onChange}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? issueId : undefined}
      />
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {issue ? <FieldIssue id={issueId} issue={issue} /> : null}
    </div>
  );
}
