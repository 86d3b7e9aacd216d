import type { FieldBinding } from '../hooks/use-form';
import { FieldIssue } from './field-issue';

interface TextFieldProps extends FieldBinding {
  label: string;
  type?: 'text' | 'email' | 'password';
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  hint?: string;
}

/** A labelled input of the design system; required fields carry an asterisk (SPEC §5). */
export function TextField({ id, name, value, onChange, onBlur, issue, label, type = 'text', required = false, autoComplete, inputMode, hint }: TextFieldProps) {
  const issueId = `${id}-issue`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, issue ? issueId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-group">
      <label htmlFor={id} className="active">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className={`form-control${issue ? ' is-invalid' : ''}`}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={required || undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <small id={hintId} className="form-text">
          {hint}
        </small>
      ) : null}
      {issue ? <FieldIssue id={issueId} issue={issue} /> : null}
    </div>
  );
}
